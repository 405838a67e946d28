export type BodyEncoding = 'form' | 'multipart' | 'json';
export const bodyEncodings: Record<string, BodyEncoding> = {};
