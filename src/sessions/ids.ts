import { randomBytes } from "node:crypto";

/** 128 random bits, base64url: unguessable, so knowing one session id reveals nothing about another. */
export const newSessionId = (): string => randomBytes(16).toString("base64url");

export const newEpisodeId = (): string => `ep_${randomBytes(12).toString("base64url")}`;

/** A fresh seed for an unseeded reset; 48 bits fit any client's integer type and stay below MAX_SAFE_INTEGER. */
export const drawSeed = (): number => randomBytes(6).readUIntBE(0, 6);
