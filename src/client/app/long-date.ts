// The login screen's date line in Spanish, Lima time: 'domingo, 22 de noviembre de 2026'.
const longDate = new Intl.DateTimeFormat('es-PE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'America/Lima',
});

export function formatLongDateEs(now: Date | number = Date.now()): string {
  return longDate.format(typeof now === 'number' ? new Date(now) : now);
}
