/** A request to a chain node: the body as text, or why there is none (down, timeout, HTTP error). */
export async function getText(
  url: string,
  timeoutMs: number,
  init: RequestInit = {},
): Promise<{ ok: true; status: number; text: string } | { ok: false; reason: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: 'error' });
    const text = await res.text();
    return { ok: true, status: res.status, text };
  } catch (e) {
    const name = e instanceof Error ? e.name : 'error';
    return { ok: false, reason: name === 'TimeoutError' ? 'timed out' : 'unreachable' };
  }
}

export const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
