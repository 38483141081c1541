/**
 * Generated operations for scale benchmarks: realistic ids, descriptions and 3–6 typed, described
 * arguments each, across the four kinds. Deterministic (same N, same operations), so runs compare.
 *
 * Argument DTOs are real class-validator classes, built here without TypeScript decorators syntax.
 * Operations of one verb and one field pair share a DTO, as real backends share argument classes.
 */
require('reflect-metadata');
const { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, Min, IsArray } = require('class-validator');
const { ArgDescription } = require('./dist').load('libs/registry/src');

const DOMAINS = `Billing Crm Hr Logistics Inventory Sales Support Marketing Finance Procurement Fleet Legal Payroll
  Catalog Fulfillment Quality Compliance Projects Facilities Tax Treasury Returns Loyalty Pricing Partners`.split(
  /\s+/,
);
/** [singular, plural] */
const NOUNS = `Invoice/Invoices Customer/Customers Order/Orders Shipment/Shipments Product/Products Supplier/Suppliers
  Payment/Payments Refund/Refunds Employee/Employees Contract/Contracts Ticket/Tickets Campaign/Campaigns Lead/Leads
  Account/Accounts Subscription/Subscriptions Coupon/Coupons Review/Reviews Carrier/Carriers Vehicle/Vehicles
  Asset/Assets Project/Projects Task/Tasks Expense/Expenses Budget/Budgets Warehouse/Warehouses Batch/Batches
  Claim/Claims Quote/Quotes Delivery/Deliveries Audit/Audits Policy/Policies Ledger/Ledgers Voucher/Vouchers
  Shift/Shifts Incident/Incidents Opportunity/Opportunities License/Licenses Route/Routes Timesheet/Timesheets
  Credit/Credits`
  .split(/\s+/)
  .map((pair) => pair.split('/'));
/** Extra filter fields an entity type exposes: name, design type, decorators, description. */
const FIELDS = [
  ['region', String, () => [IsString()], 'Sales region code, e.g. EMEA.'],
  ['ownerId', Number, () => [IsInt(), Min(1)], 'Id of the responsible employee.'],
  ['priority', String, () => [IsIn(['low', 'normal', 'high', 'urgent'])], 'Priority level.'],
  ['currency', String, () => [IsString()], 'ISO 4217 currency code, e.g. EUR.'],
  ['dueBefore', String, () => [IsString()], 'Only items due before this day, YYYY-MM-DD.'],
  ['channel', String, () => [IsIn(['web', 'store', 'phone', 'partner'])], 'Sales channel.'],
  ['tier', String, () => [IsIn(['bronze', 'silver', 'gold'])], 'Customer tier.'],
  ['warehouseCode', String, () => [IsString()], 'Warehouse code, e.g. BER.'],
  ['minAmount', Number, () => [IsInt(), Min(0)], 'Minimum amount in cents.'],
  ['tags', Array, () => [IsArray(), IsString({ each: true })], 'Only items carrying all these tags.'],
  ['archived', Boolean, () => [IsBoolean()], 'Include archived items.'],
  ['countryCode', String, () => [IsString()], 'ISO 3166 country code.'],
];
const STATUSES = ['draft', 'open', 'pending', 'approved', 'closed', 'cancelled'];

/**
 * The ten operations of each entity: kind | id pattern | argument recipe | description pattern. {S}/{P}: the
 * entity's singular/plural id part; {s}/{p}: the same in words; {d}: the domain; {f0}/{f1}: its filter fields.
 */
const VERBS = `
query   | List{P}           | page   | Page through {p} of the {d} module ordered by {f0}, filtered by status, {f0} or {f1}. Returns { items, total, nextOffset }.
query   | Get{P}            | ids    | Fetch {p} by id in one call; unknown ids are skipped. Amounts in cents.
query   | Search{P}         | text   | Full-text search over {p} names and notes in {d}, best matches first, optionally limited by {f1}.
view    | {S}Summary        | one    | One {s} in full: status history, owner, related records and totals for the {d} team.
view    | {S}Timeline       | one    | Chronological events of one {s} (created, changed, approved, closed) with the acting user.
report  | {S}CountsBy{F0}   | range  | Number of {p} per {f0} and status over an optional day range; zero-filled, largest first.
report  | {S}TotalsByMonth  | range  | Monthly totals of {p} (count and amount in cents) for the {d} dashboard, optionally per {f1}.
command | Create{S}         | create | Create a {s} in {d}. Fails with a conflict when the reference is already used.
command | Update{S}         | update | Change the status, {f0} or {f1} of a {s}; omitted fields stay unchanged.
command | Archive{S}        | one    | Archive a {s}: it disappears from lists but stays in reports. No effect if already archived.`
  .trim()
  .split('\n')
  .map((line) => line.split('|').map((part) => part.trim()));

const ARGUMENT_RECIPES = {
  page: (f0, f1) => [
    opt(f0),
    opt(f1),
    statusArg(true),
    strArg('text', true, 'Text in the name or reference.'),
    intArg('offset', true, 'Items to skip.'),
    intArg('limit', true, 'Page size, at most 100.'),
  ],
  ids: () => [
    idsArg(),
    boolArg('includeArchived', 'Also return archived items.'),
    strArg('fields', true, 'Comma-separated fields to return; all when omitted.'),
  ],
  text: (_f0, f1) => [
    strArg('text', false, 'Words to look for.'),
    opt(f1),
    intArg('limit', true, 'At most this many.'),
  ],
  one: (f0) => [intArg('id', false, 'Id of the record.'), opt(f0), boolArg('verbose', 'Include related records.')],
  range: (f0, f1) => [
    strArg('from', true, 'First day, YYYY-MM-DD.'),
    strArg('to', true, 'Last day, YYYY-MM-DD.'),
    opt(f0),
    opt(f1),
  ],
  create: (f0, f1) => [
    strArg('reference', false, 'Unique business reference.'),
    strArg('name', false, 'Display name.'),
    req(f0),
    opt(f1),
    strArg('notes', true, 'Free text.'),
  ],
  update: (f0, f1) => [
    intArg('id', false, 'Id of the record.'),
    statusArg(true),
    opt(f0),
    opt(f1),
    strArg('notes', true, 'Free text.'),
  ],
};

function field([name, designType, decorators, description], optional) {
  return { name, designType, decorators, description, optional };
}
const opt = (f) => field(f, true);
const req = (f) => field(f, false);
const strArg = (name, optional, description) => field([name, String, () => [IsString()], description], optional);
const intArg = (name, optional, description) =>
  field([name, Number, () => [IsInt(), Min(0), Max(1_000_000)], description], optional);
const boolArg = (name, description) => field([name, Boolean, () => [IsBoolean()], description], true);
const statusArg = (optional) => field(['status', String, () => [IsIn(STATUSES)], 'Lifecycle status.'], optional);
const idsArg = () => field(['ids', Array, () => [IsArray(), IsInt({ each: true })], 'Ids to fetch.'], false);

/** A class-validator DTO class named `name` with these properties. */
function createDto(name, fields) {
  const Dto = { [name]: class {} }[name];
  for (const f of fields) {
    Reflect.defineMetadata('design:type', f.designType, Dto.prototype, f.name);
    if (f.optional) IsOptional()(Dto.prototype, f.name);
    for (const decorate of f.decorators()) decorate(Dto.prototype, f.name);
    ArgDescription(f.description)(Dto.prototype, f.name);
  }
  return Dto;
}

const fill = (pattern, vars) => pattern.replace(/\{(\w+)\}/g, (_, key) => vars[key]);
const capitalize = (text) => text[0].toUpperCase() + text.slice(1);

/**
 * `count` operations (ProgrammaticOperation objects for `OperationRegistry.register`), ten per entity
 * (3 queries, 2 views, 2 reports, 3 commands). Every handler resolves a small fixed object.
 */
function syntheticOperations(count, source = 'synthetic') {
  const dtos = new Map();
  const operations = [];
  for (let entity = 0; operations.length < count; entity++) {
    const domain = DOMAINS[entity % DOMAINS.length];
    const [singular, plural] = NOUNS[Math.floor(entity / DOMAINS.length) % NOUNS.length];
    const round = Math.floor(entity / (DOMAINS.length * NOUNS.length));
    const suffix = round === 0 ? '' : String(round + 1);
    const f0 = FIELDS[entity % FIELDS.length];
    const f1 = FIELDS[(entity + 1 + (Math.floor(entity / FIELDS.length) % (FIELDS.length - 1))) % FIELDS.length];
    const vars = {
      S: domain + singular + suffix,
      P: domain + plural + suffix,
      s: `${domain.toLowerCase()} ${singular.toLowerCase()}`,
      p: `${domain.toLowerCase()} ${plural.toLowerCase()}`,
      d: domain,
      f0: f0[0],
      f1: f1[0],
      F0: capitalize(f0[0]),
    };
    for (const [kind, idPattern, recipe, descriptionPattern] of VERBS) {
      if (operations.length >= count) break;
      const dtoName = `${capitalize(recipe)}${capitalize(f0[0])}${capitalize(f1[0])}Args`;
      if (!dtos.has(dtoName)) dtos.set(dtoName, createDto(dtoName, ARGUMENT_RECIPES[recipe](f0, f1)));
      operations.push({
        kind,
        id: fill(idPattern, vars),
        description: fill(descriptionPattern, vars),
        args: dtos.get(dtoName),
        handler: async () => ({ ok: true }),
        source,
      });
    }
  }
  return operations;
}

module.exports = { syntheticOperations };
