/** Settings shared by every server measurement (see bench/server.bench.ts for the switches). */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
export const REPEATS = Number(process.env.BENCH_REPEATS ?? 5);
/** Concurrent client loops for the HTTP and WebSocket measurements. */
export const LOOPS = 16;
/** Steps per /batch/step request. */
export const BATCH = 32;
/** Open sessions in the many-sessions measurement. */
export const MANY = 1024;
