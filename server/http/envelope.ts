/** The success half of the API envelope: `{ success: true, data }`. */
export const ok = <T>(data: T) => ({ success: true as const, data });
