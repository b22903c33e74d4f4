// The year choices of a purchase or service order (entries, repairs): from the server's current year (token `date`)
// down to 2022, the contract's first (orderYear in contract/common.ts).
const FIRST_ORDER_YEAR = 2022;

export function orderYearOptions(serverDate: string | null | undefined): number[] {
  const year = Number((serverDate ?? '').slice(0, 4));
  const top = Number.isInteger(year) && year >= FIRST_ORDER_YEAR ? year : FIRST_ORDER_YEAR;
  return Array.from({ length: top - FIRST_ORDER_YEAR + 1 }, (_, i) => top - i);
}
