/**
 * Every release of the tells model before the shipped one, by version, with the content hash it
 * shipped with. An episode recorded under one of them replays with it, byte for byte
 * (eval/tells/model/released-frozen.test.ts pins what each reads).
 *
 * Their files are not imported here. Twenty-two of them make 28 MB of JSON, and a static import
 * made every process that loads the engine pay for them: 1.5 s of start-up, and 2 s for each test
 * file that touched the engine. Most processes never read with an earlier release. The shell
 * provides a way to read a release's file (provideReleaseFiles). Reading a file is I/O, and env/
 * does none. A model is loaded the first time it is asked for, and its hash is checked against
 * this list.
 */
export const EARLIER_RELEASES: Readonly<Record<string, string>> = {
  // tells-features/3, format tells-model/2
  "tells-model@3": "sha256:404c9b5daddb7403af8597be1a97a344a4e5b6d2078b467d16d1589b2abbcfa7",
  // tells-features/4
  "tells-model@4": "sha256:c9b3587a433bba137931eb62ef842747d1e94bdaeb3f506c817188d8973432b5",
  // tells-features/5
  "tells-model@5": "sha256:b36331fe9508adda1de6467cb787f1532bc592b4be8858a3dd07da7fdc82e115",
  // tells-features/6
  "tells-model@6": "sha256:2ab242c8a5a57ddbd4844acae3c5a3359bf8e43865ca08d10c3de52303fd49b3",
  // tells-features/6
  "tells-model@7": "sha256:0e9a6a6ee0100dd8bc6a81e4dfc808a8adafbbec12438ffd2090b88abadb7d89",
  // tells-features/7, noisy-or pooling
  "tells-model@8": "sha256:cba03605fb85620192fe770d8687ead967f28034f244ba9d710f322f31cef003",
  // tells-features/7, noisy-or pooling, taught by noisy-or
  "tells-model@9": "sha256:18a40b90656c25dfe80254b64ad405b23ec6e8666a0ccc22dc1e19c5aca6a676",
  // tells-features/7, noisy-or pooling, taught by noisy-or; 10,800 rows
  "tells-model@10": "sha256:e37dd7d9693f607cee66efb7640a1a0d9815c08620bab4cfbf1b7578f0417ab6",
  // tells-features/8: no condition gate; buckets of five families or more
  "tells-model@11": "sha256:88797a6fdc09f3999b4870cfb5350280f0e4506f8452d97fffdf959a53ddd422",
  // v11's learner on the ninth corpus pass, 11,280 rows
  "tells-model@12": "sha256:da0e4649a373317cad2e9014f0ae82fed8820f290c94449a9f36645c7642973f",
  // v11's learner on the tenth corpus pass, 11,760 rows; the last decided signal by signal
  "tells-model@13": "sha256:3decb8e482f302edefadf4bf038134a10f96ed234f9c78030ee7804c1fd5b34f",
  // v13's weights with the cross-signal combiner, format tells-model/5; 11,760 rows
  "tells-model@14": "sha256:d7fe631fbf94cca8a3f39975529d92ef24def90259b42b321fe0432bcc2825ac",
  // v14's learner and combiner on the eleventh corpus pass, 12,240 rows; combiner floor 0.82
  "tells-model@15": "sha256:f9d65754d00184ac83b7334fbae66f0b41ee13d0703e1604605bf3b6b3309817",
  // v15's learner and combiner on the twelfth corpus pass, 12,720 rows
  "tells-model@16": "sha256:5faa795c2a777fd3a5b736524317bf49ba63ade8713adb287547e4dfb858b7cb",
  // v16's learner and combiner on the thirteenth corpus pass, 13,200 rows
  "tells-model@17": "sha256:74895b08da4341823106ee031f7655ec4cd75e66abe21bb2cfca59dd20706277",
  // v17's learner and combiner on the fourteenth corpus pass, 13,680 rows
  "tells-model@18": "sha256:14cb9a24e43aa5267ad10c3eb9502b5c8a0fd7bc31268ef8dfbc06d7aca5adbf",
  // v18's learner and combiner on the fifteenth corpus pass and label revision 1, 14,160 rows
  "tells-model@19": "sha256:bee4669a6373b2f8cc64b511b8187a8fadcbf8a4676e9ab3678e5cb9edca04cd",
  // tells-features/9, the reviewed regional words; combiner cross-signal/2; 14,160 rows
  "tells-model@20": "sha256:4eda6e46bc9a7578f3791c02c9559c05596a524601d767b6cc7de7e867b6f7fc",
  // tells-features/10: a clause reads its neighbours' concepts and words; 14,160 rows
  "tells-model@21": "sha256:7f942a38afaebc840f1bea33f1c8a73a68098687ae0616922a5abf4ad33e984d",
  // tells-features/11; group heads read by a cross-signal/3 combiner; 14,160 rows
  "tells-model@22": "sha256:deeebbd797e7b766eea0efb974bd4a38884a8e82f76e49515ab17b90bef148b2",
  // the cross-signal/3 combiner with a hidden layer per signal, format tells-model/7; 14,160 rows
  "tells-model@23": "sha256:e41e87f9ba06018c9d2b0d059d1af455b8e423303d432e791cbbf1d51cc1ccff",
  // a message network whose logits a cross-signal/4 combiner reads, format tells-model/8; 14,160 rows
  "tells-model@24": "sha256:936719868c3fbc111ff07b25cc02fbcef87970f54ca63fb5e43f82913af5ac60",
};

/** A release's file, parsed (its JSON), by version; it throws when the file cannot be read. */
export type ReleaseFiles = (version: string) => unknown;

let releaseFiles: ReleaseFiles | undefined;

/**
 * Tells the engine how to read an earlier release's file. The shell calls this before it
 * replays or opens a run under an earlier release, and so does tooling that reads with one.
 * A later call replaces the source. Models already loaded stay: their hashes were checked.
 */
export function provideReleaseFiles(files: ReleaseFiles): void {
  releaseFiles = files;
}

/** The source provideReleaseFiles set, if any. */
export function releaseFilesSource(): ReleaseFiles | undefined {
  return releaseFiles;
}
