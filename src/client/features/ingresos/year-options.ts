// Entry year choices: from the server's current year (token `date`) down to 2022.
export const FIRST_ENTRY_YEAR = 2022;

export function entryYearOptions(serverDate: string | null | undefined): number[] {
  const year = Number((serverDate ?? '').slice(0, 4));
  const top = Number.isInteger(year) && year >= FIRST_ENTRY_YEAR ? year : FIRST_ENTRY_YEAR;
  return Array.from({ length: top - FIRST_ENTRY_YEAR + 1 }, (_, i) => top - i);
}
