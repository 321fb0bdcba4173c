/** The refund page of a refund's voucher: the payer claims it there. */
export const refundUrl = (publicUrl: string, code: string): string => `${publicUrl}/refund/${code}`;
