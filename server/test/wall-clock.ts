/**
 * The system's time as an ISO string, for test data written straight into the database outside any app
 * (the app itself reads its clock, server/clock/clock.ts).
 */
export const nowIso = (): string => new Date().toISOString();
