// Number, date and name formatting shared by the pages.

export const fmt = (n: number | null | undefined, digits = 0): string =>
  n === null || n === undefined || !Number.isFinite(n)
    ? '–'
    : n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const pct = (r: number | null | undefined): string =>
  r === null || r === undefined || !Number.isFinite(r) ? '–' : `${(r * 100).toFixed(1)}%`;

export const ms = (n: number | null | undefined): string =>
  n === null || n === undefined ? '–' : n < 10 ? `${n.toFixed(1)} ms` : `${Math.round(n)} ms`;

export function when(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
}

export function duration(fromIso: string | null, toIso: string | null): string {
  if (!fromIso || !toIso) return '–';
  const s = Math.max(0, (Date.parse(toIso) - Date.parse(fromIso)) / 1000);
  return s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export const ordinal = (n: number): string => {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
};

export const titleCase = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1).replaceAll('_', ' ');

/**
 * A cost at the operator's prices, with their currency (LLM_CURRENCY: "0.0123 USD"); '–' when unknown.
 * Model calls cost fractions of a cent: four decimals.
 */
export const money = (n: number | null | undefined, currency: string): string =>
  n === null || n === undefined || !Number.isFinite(n) ? '–' : `${fmt(n, 4)} ${currency}`;
