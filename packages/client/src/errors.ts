/** What the service answered for a failed call: its HTTP status and the body's `code`, `message`, `field`. */
export class PaytagError extends Error {
  override readonly name = 'PaytagError';
  constructor(
    readonly status: number,
    /** The service's error code (`unauthorized`, `insufficient_balance`, …), or `http_error` for a body without one. */
    readonly code: string,
    message: string,
    /** The request field the error is about, for validation errors. */
    readonly field?: string,
  ) {
    super(message);
  }
}

/** waitForPayment or waitForVoucher gave up: still pending at the end of the spec's 10 minutes. */
export class PaytagTimeoutError extends Error {
  override readonly name = 'PaytagTimeoutError';
  constructor(readonly tid: string | number) {
    super(`${tid} still pending after 10 minutes`);
  }
}

/** The error a failed response carries, read from its body whichever family (envelope or bare) wrote it. */
export async function errorOf(response: Response): Promise<PaytagError> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (typeof body === 'object' && body !== null) {
    const b = body as Record<string, unknown>;
    const message =
      typeof b['message'] === 'string' ? b['message'] : typeof b['detail'] === 'string' ? b['detail'] : text;
    return new PaytagError(
      response.status,
      typeof b['code'] === 'string' ? b['code'] : 'http_error',
      message,
      typeof b['field'] === 'string' ? b['field'] : undefined,
    );
  }
  return new PaytagError(response.status, 'http_error', text || `HTTP ${response.status}`);
}
