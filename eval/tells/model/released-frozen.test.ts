import { describe, expect, it } from "vitest";
import { EARLIER_RELEASES } from "../../../env/tells/earlier-releases";
import { releasedTellsModel, TELLS_MODEL } from "../../../env/tells/extract-cues";
import { frozenReadingsDigest } from "./frozen-readings";
import { useReleaseFiles } from "./model-file";

// Earlier releases load from their files (env/tells/earlier-releases.ts).
useReleaseFiles();

/**
 * Released tells models stay loadable and read byte for byte as they shipped, while the
 * shipped model moves on. Each digest was recorded with the code the model shipped with, over
 * the rows of the 47 families the corpus had then (frozen-readings.ts):
 * - tells-model@3 at commit 4498935, before the feature code was split into feature sets;
 * - tells-model@4 at commit 0ed7161, before any fifth/sixth-pass change (tells-features/5);
 * - tells-model@5 at commit 71e4ec2, before any eighth-pass change (tells-features/6);
 * - tells-model@6 at commit 8f60a3a, before any ninth-pass change (tells-model@7);
 * - tells-model@7 at commit 2f25efa, before any tenth-pass change (tells-model@8);
 * - tells-model@8 at commit f0fbbaa, before any eleventh-pass change (tells-model@9);
 * - tells-model@9 at commit 09c01dd, before the eighth corpus pass landed (tells-model@10);
 * - tells-model@10 at commit 8c0f7df, before tells-features/8 (tells-model@11);
 * - tells-model@11 at commit c458f9b, before the ninth corpus pass landed (tells-model@12);
 * - tells-model@12 at commit 1096605, before the tenth corpus pass landed (tells-model@13);
 * - tells-model@13 at commit 7e96f75, before the cross-signal combiner (tells-model@14);
 * - tells-model@14 at commit 4051f17, before the eleventh corpus pass landed (tells-model@15);
 * - tells-model@15 at commit edd0dbe, before the twelfth corpus pass landed (tells-model@16);
 * - tells-model@16 at commit 41aa60a, before the thirteenth corpus pass landed (tells-model@17);
 * - tells-model@17 at commit 6b029ab, before the fourteenth corpus pass landed (tells-model@18);
 * - tells-model@18 at commit 1b8e727, before the fifteenth corpus pass landed (tells-model@19);
 * - tells-model@19 at commit ba0888d, before tells-features/9 and the cross-signal/2 combiner (tells-model@20);
 * - tells-model@20 at commit 1e5d1d6, when it shipped (the digest is what it read then; tells-model@21
 *   moved to tells-features/10);
 * - tells-model@21 at commit 26bb6a4, when it shipped (tells-model@22 moved to tells-features/11
 *   and group heads);
 * - tells-model@22 at commit 5659c30, when it shipped (tells-model@23 added the combiner's hidden
 *   layer);
 * - tells-model@23 at commit 47d0c86, its last commit as the shipped model (tells-model@24 added
 *   the message network);
 * - tells-model@24 at commit 4f0f653, its last commit as the shipped model (tells-model@25 reads
 *   the same kind of file with word sums, format tells-model/9).
 */
const RELEASES = [
  {
    version: "tells-model@3",
    hash: "sha256:404c9b5daddb7403af8597be1a97a344a4e5b6d2078b467d16d1589b2abbcfa7",
    readings: "8e812cf61e92358ff9d94f2aa3ab356d47b8d0870894e71f80afe549a3f90ad4",
  },
  {
    version: "tells-model@4",
    hash: "sha256:c9b3587a433bba137931eb62ef842747d1e94bdaeb3f506c817188d8973432b5",
    readings: "a1c3f07928f947cf1875205249e3f49ef23b2d40cac3ae9247813bdfbc49b631",
  },
  {
    version: "tells-model@5",
    hash: "sha256:b36331fe9508adda1de6467cb787f1532bc592b4be8858a3dd07da7fdc82e115",
    readings: "c26b45b7aeeedfd3ae17e2cd09fee926073c5b82b0ef0536fb9c1b0edd913c76",
  },
  {
    version: "tells-model@6",
    hash: "sha256:2ab242c8a5a57ddbd4844acae3c5a3359bf8e43865ca08d10c3de52303fd49b3",
    readings: "d298e18f81a128c0279e47ae2465ffb9864ad639729b9fdebe00784ec951b17f",
  },
  {
    version: "tells-model@7",
    hash: "sha256:0e9a6a6ee0100dd8bc6a81e4dfc808a8adafbbec12438ffd2090b88abadb7d89",
    readings: "f57e66d145ae972ea9d9ab876b398b1ceb93ebfb424d75ac6464c77b16dfbf17",
  },
  {
    version: "tells-model@8",
    hash: "sha256:cba03605fb85620192fe770d8687ead967f28034f244ba9d710f322f31cef003",
    readings: "84a8963114e12680b93c236ab7500efeed7a749772acd8009fb32a138ff2bbf8",
  },
  {
    version: "tells-model@9",
    hash: "sha256:18a40b90656c25dfe80254b64ad405b23ec6e8666a0ccc22dc1e19c5aca6a676",
    readings: "4a716ba015eb4159bbf0dcce6169518415f623d89475499328c80a6147805997",
  },
  {
    version: "tells-model@10",
    hash: "sha256:e37dd7d9693f607cee66efb7640a1a0d9815c08620bab4cfbf1b7578f0417ab6",
    readings: "0a2e300081b095309ddba0591bcb5225648f32314ed1ff69c0b40e19f7e31f8c",
  },
  {
    version: "tells-model@11",
    hash: "sha256:88797a6fdc09f3999b4870cfb5350280f0e4506f8452d97fffdf959a53ddd422",
    readings: "b984d51bc1960364ad1e5bf8131e53f40fbf6ccd7401c0332b03880db18e3504",
  },
  {
    version: "tells-model@12",
    hash: "sha256:da0e4649a373317cad2e9014f0ae82fed8820f290c94449a9f36645c7642973f",
    readings: "697ea5d4cc4d078d85216a92d2d20a7f9e1bd565c9e7020c748d7fa6aa82713e",
  },
  {
    version: "tells-model@13",
    hash: "sha256:3decb8e482f302edefadf4bf038134a10f96ed234f9c78030ee7804c1fd5b34f",
    readings: "61875d56f81e860bf25624de49ed245f6742aacab8b60ee6c1117b4e89666733",
  },
  {
    version: "tells-model@14",
    hash: "sha256:d7fe631fbf94cca8a3f39975529d92ef24def90259b42b321fe0432bcc2825ac",
    readings: "382f293c522ee302199ddede7711d3f75f0c8b064cdcc75d17526a6dad089fb9",
  },
  {
    version: "tells-model@15",
    hash: "sha256:f9d65754d00184ac83b7334fbae66f0b41ee13d0703e1604605bf3b6b3309817",
    readings: "7463670964e88477b8d60798f5b0daf7feacff14014e4c3785f3c5308910855f",
  },
  {
    version: "tells-model@16",
    hash: "sha256:5faa795c2a777fd3a5b736524317bf49ba63ade8713adb287547e4dfb858b7cb",
    readings: "2794020ecf9a5033a0516805b10a13a4861adb8e83ebac8151ace09cc32b34aa",
  },
  {
    version: "tells-model@17",
    hash: "sha256:74895b08da4341823106ee031f7655ec4cd75e66abe21bb2cfca59dd20706277",
    readings: "0a318c39a6f2946ed462462275f2f5ecf8b2669ddf062f2b9fe3e1f88b194945",
  },
  {
    version: "tells-model@18",
    hash: "sha256:14cb9a24e43aa5267ad10c3eb9502b5c8a0fd7bc31268ef8dfbc06d7aca5adbf",
    readings: "be947bf7fe549be023961f6cf6a5d52325b05260a16e57eba499588f6201ad24",
  },
  {
    version: "tells-model@19",
    hash: "sha256:bee4669a6373b2f8cc64b511b8187a8fadcbf8a4676e9ab3678e5cb9edca04cd",
    readings: "1696ce14a255bd5454a5c43ce9f2564951663b28aa7d0ebdbb1a80aedb462f16",
  },
  {
    version: "tells-model@20",
    hash: "sha256:4eda6e46bc9a7578f3791c02c9559c05596a524601d767b6cc7de7e867b6f7fc",
    readings: "d0af2c0fb6e39e20096eee0047f0fa34b1688aea96d21a0e2dff2b839b9e27e6",
  },
  {
    version: "tells-model@21",
    hash: "sha256:7f942a38afaebc840f1bea33f1c8a73a68098687ae0616922a5abf4ad33e984d",
    readings: "6a0a0fc9af427ae5d2630327e57f508215e17932567c960bce1ae595717312e9",
  },
  {
    version: "tells-model@22",
    hash: "sha256:deeebbd797e7b766eea0efb974bd4a38884a8e82f76e49515ab17b90bef148b2",
    readings: "a4acc596857464023085c15513455336c934758da555c4bd34903a274b452a5c",
  },
  {
    version: "tells-model@23",
    hash: "sha256:e41e87f9ba06018c9d2b0d059d1af455b8e423303d432e791cbbf1d51cc1ccff",
    readings: "b1ac1426c070cafa99092373f99520a1086805363d455fa67949a1aa47672000",
  },
  {
    version: "tells-model@24",
    hash: "sha256:936719868c3fbc111ff07b25cc02fbcef87970f54ca63fb5e43f82913af5ac60",
    readings: "532ba2f20207408561c22db7222c40e403c706895c25fccb258fc7176102f072",
  },
];
const FROZEN_ROWS = 4982;

describe("released tells models stay loadable and frozen", () => {
  it("the shipped model is newer than every frozen one", () => {
    expect(TELLS_MODEL.version).toBe("tells-model@25");
    expect(RELEASES.map((r) => r.version)).not.toContain(TELLS_MODEL.version);
  });

  it("the engine lists every frozen release with the hash it shipped with, and none else", () => {
    expect(EARLIER_RELEASES).toEqual(Object.fromEntries(RELEASES.map((r) => [r.version, r.hash])));
  });

  it.each(RELEASES)(
    "$version keeps its content hash and reads every frozen-family row as it did when it shipped",
    (r) => {
      const model = releasedTellsModel(r.version);
      expect(model.version).toBe(r.version);
      expect(model.contentHash).toBe(r.hash);
      expect(frozenReadingsDigest(model)).toEqual({ rows: FROZEN_ROWS, sha256: r.readings });
    },
  );
});
