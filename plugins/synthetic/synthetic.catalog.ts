import type { OperationKind } from '@myko/registry';

/**
 * The vocabulary generated operations are built from: 25 business domains × 40 entity nouns give
 * 1,000 entities, each with the ten operations of {@link VERBS}, so 10,000 operations before names
 * repeat with a round suffix (`ListBillingInvoices2`).
 */
export const DOMAINS: readonly string[] =
  `Billing Crm Hr Logistics Inventory Sales Support Marketing Finance Procurement
  Fleet Legal Payroll Catalog Fulfillment Quality Compliance Projects Facilities Tax Treasury Returns Loyalty Pricing
  Partners`.split(/\s+/);

/** `[singular, plural, reference prefix]` of each entity noun. */
export const NOUNS: readonly (readonly [string, string, string])[] = `Invoice/Invoices/INV Customer/Customers/CUS
  Order/Orders/ORD Shipment/Shipments/SHP Product/Products/PRD Supplier/Suppliers/SUP Payment/Payments/PAY
  Refund/Refunds/REF Employee/Employees/EMP Contract/Contracts/CTR Ticket/Tickets/TKT Campaign/Campaigns/CMP
  Lead/Leads/LED Account/Accounts/ACC Subscription/Subscriptions/SUB Coupon/Coupons/CPN Review/Reviews/REV
  Carrier/Carriers/CAR Vehicle/Vehicles/VEH Asset/Assets/AST Project/Projects/PRJ Task/Tasks/TSK
  Expense/Expenses/EXP Budget/Budgets/BDG Warehouse/Warehouses/WHS Batch/Batches/BAT Claim/Claims/CLM
  Quote/Quotes/QUO Delivery/Deliveries/DLV Audit/Audits/AUD Policy/Policies/POL Ledger/Ledgers/LDG
  Voucher/Vouchers/VOU Shift/Shifts/SFT Incident/Incidents/INC Opportunity/Opportunities/OPP License/Licenses/LIC
  Route/Routes/RTE Timesheet/Timesheets/TMS Credit/Credits/CRD`
  .split(/\s+/)
  .map((triple) => triple.split('/') as [string, string, string]);

/** Lifecycle states every generated entity shares. */
export const STATUSES = ['draft', 'open', 'pending', 'approved', 'closed', 'cancelled'] as const;

/** The type of a generated argument or output field. */
export type FieldType =
  | { readonly kind: 'string' }
  | { readonly kind: 'int'; readonly min?: number; readonly max?: number }
  | { readonly kind: 'bool' }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'strings' }
  | { readonly kind: 'ints' };

/** A filter field an entity exposes, with a value handlers can put in results. */
export interface FilterField {
  readonly name: string;
  readonly type: FieldType;
  readonly description: string;
  readonly sample: unknown;
}

const STRING: FieldType = { kind: 'string' };
const oneOf = (...values: string[]): FieldType => ({ kind: 'enum', values });

/** Extra filter fields: each entity filters by two of them (`{f0}`, `{f1}` in {@link VERBS}). */
export const FILTER_FIELDS: readonly FilterField[] = [
  { name: 'region', type: STRING, description: 'Sales region code, e.g. EMEA.', sample: 'EMEA' },
  { name: 'ownerId', type: { kind: 'int', min: 1 }, description: 'Id of the responsible employee.', sample: 17 },
  {
    name: 'priority',
    type: oneOf('low', 'normal', 'high', 'urgent'),
    description: 'Priority level.',
    sample: 'normal',
  },
  { name: 'currency', type: STRING, description: 'ISO 4217 currency code, e.g. EUR.', sample: 'EUR' },
  { name: 'dueBefore', type: STRING, description: 'Only items due before this day, YYYY-MM-DD.', sample: '2025-06-30' },
  { name: 'channel', type: oneOf('web', 'store', 'phone', 'partner'), description: 'Sales channel.', sample: 'web' },
  { name: 'tier', type: oneOf('bronze', 'silver', 'gold'), description: 'Customer tier.', sample: 'silver' },
  { name: 'warehouseCode', type: STRING, description: 'Warehouse code, e.g. BER.', sample: 'BER' },
  { name: 'minAmount', type: { kind: 'int', min: 0 }, description: 'Minimum amount in cents.', sample: 5000 },
  { name: 'tags', type: { kind: 'strings' }, description: 'Only items carrying all these tags.', sample: ['key'] },
  { name: 'archived', type: { kind: 'bool' }, description: 'Include archived items.', sample: false },
  { name: 'countryCode', type: STRING, description: 'ISO 3166 country code.', sample: 'DE' },
];

/** How a verb's arguments are built (see `synthetic-args.ts`) and what it returns (`synthetic-outputs.ts`). */
export type ArgsRecipe = 'page' | 'ids' | 'text' | 'one' | 'range' | 'create' | 'update';
export type OutputShape = 'page' | 'list' | 'detail' | 'timeline' | 'counts' | 'months' | 'record' | 'archived';

export interface Verb {
  readonly kind: OperationKind;
  /** `{S}`/`{P}`: the entity's singular/plural id part; `{F0}`: its first filter field, capitalised. */
  readonly idPattern: string;
  readonly args: ArgsRecipe;
  readonly output: OutputShape;
  /** `{s}`/`{p}`: the entity in words; `{d}`: the domain; `{f0}`/`{f1}`: its filter fields. */
  readonly description: string;
  readonly idempotent?: boolean;
  readonly destructive?: boolean;
}

/** The ten operations of each entity: 3 queries, 2 views, 2 reports, 3 commands. */
export const VERBS: readonly Verb[] = [
  {
    kind: 'query',
    idPattern: 'List{P}',
    args: 'page',
    output: 'page',
    description:
      'Page through {p} of the {d} module ordered by {f0}, filtered by status, {f0} or {f1}. Returns { items, total, nextOffset }.',
  },
  {
    kind: 'query',
    idPattern: 'Get{P}',
    args: 'ids',
    output: 'list',
    description: 'Fetch {p} by id in one call; unknown ids are skipped. Amounts in cents.',
  },
  {
    kind: 'query',
    idPattern: 'Search{P}',
    args: 'text',
    output: 'list',
    description: 'Full-text search over {p} names and notes in {d}, best matches first, optionally limited by {f1}.',
  },
  {
    kind: 'view',
    idPattern: '{S}Summary',
    args: 'one',
    output: 'detail',
    description: 'One {s} in full: status history, owner, related records and totals for the {d} team.',
  },
  {
    kind: 'view',
    idPattern: '{S}Timeline',
    args: 'one',
    output: 'timeline',
    description: 'Chronological events of one {s} (created, changed, approved, closed) with the acting user.',
  },
  {
    kind: 'report',
    idPattern: '{S}CountsBy{F0}',
    args: 'range',
    output: 'counts',
    description: 'Number of {p} per {f0} and status over an optional day range; zero-filled, largest first.',
  },
  {
    kind: 'report',
    idPattern: '{S}TotalsByMonth',
    args: 'range',
    output: 'months',
    description: 'Monthly totals of {p} (count and amount in cents) for the {d} dashboard, optionally per {f1}.',
  },
  {
    kind: 'command',
    idPattern: 'Create{S}',
    args: 'create',
    output: 'record',
    description: 'Create a {s} in {d}. Fails with a conflict when the reference is already used.',
  },
  {
    kind: 'command',
    idPattern: 'Update{S}',
    args: 'update',
    output: 'record',
    description: 'Change the status, {f0} or {f1} of a {s}; omitted fields stay unchanged.',
    idempotent: true,
  },
  {
    kind: 'command',
    idPattern: 'Archive{S}',
    args: 'one',
    output: 'archived',
    description: 'Archive a {s}: it disappears from lists but stays in reports. No effect if already archived.',
    idempotent: true,
    destructive: true,
  },
];
