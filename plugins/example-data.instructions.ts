import { SEED_HISTORY_DAYS, SEED_REFERENCE_DATE } from './database';
import { WAREHOUSES } from './database/seed/seed.catalog';

const DAY_MS = 86_400_000;

/** The first and last seeded days (YYYY-MM-DD): the history ends the day before the reference date. */
function seededDays(): [string, string] {
  const reference = Date.parse(SEED_REFERENCE_DATE);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return [day(reference - SEED_HISTORY_DAYS * DAY_MS), day(reference - DAY_MS)];
}

/** What an agent should know about the example data before it asks for any (part of `initialize` instructions). */
export function exampleDataInstructions(): string {
  const [first, last] = seededDays();
  const warehouses = WAREHOUSES.map((w) => `${w.code} (${w.city})`).join(', ');
  return (
    `Example data: an online shop's customers, product catalogue, warehouses ${warehouses} and orders placed ` +
    `from ${first} to ${last} (UTC), the last days' ones still pending or paid. Money is in euro cents, days ` +
    `are YYYY-MM-DD.`
  );
}
