/**
 * Engine types that travel inside wire messages, re-exported so clients (the web UI) read the
 * contract from one place and never reach into env/ themselves. Types only: a client bundles
 * none of the engine.
 */
export type { Action } from "../../env/action";
export type { DialogueTurn } from "../../env/dialogue";
export type { Observation } from "../../env/observation";
export type { PublicState } from "../../env/public-state";
export type { DealOutcome, DealRecord } from "../../env/records";
export type { TellObservation } from "../../env/tells/tell-observation";
export type { CueSpan, VerbalSignal } from "../../env/tells/verbal";
