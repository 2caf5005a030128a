import { http } from './http.ts';

interface Segments {
  segments: { operator: string; prefixes: string[] }[];
}
let segments: Promise<Segments | null> | null = null;

/** The operator of a (partly typed) national mobile number, from `json/mobile_tel_segment.htm`. */
export async function operatorOf(national: string): Promise<string | null> {
  if (national.length < 2) return null;
  segments ??= http.get<Segments>('/json/mobile_tel_segment.htm').then((r) => (r.status === 200 ? r.data : null)).catch(() => null);
  const table = await segments;
  return table?.segments.find((s) => s.prefixes.includes(national.slice(0, 2)))?.operator ?? null;
}
