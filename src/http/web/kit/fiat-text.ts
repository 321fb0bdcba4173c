/**
 * A fiat amount's decimal text in the reader's locale and currency format, as given (exact: Intl formats
 * decimal strings without rounding them here).
 */
export function fiatText(value: string, currency: string, locale: string): string {
  try {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      maximumFractionDigits: 20,
    }) as unknown as { format(v: string): string };
    return format.format(value);
  } catch {
    return `${value} ${currency}`;
  }
}
