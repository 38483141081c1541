import { NotFoundError } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { nowIso } from '../common/clock';
import { type Page, pagingOf, toPage } from '../common/paging';
import { containsPattern, SqlFilter } from '../common/sql-filter';
import { DatabaseService } from '../database';
import type { Customer } from './dto/customer.dto';
import type { CreateCustomerArgs, ListCustomersArgs, UpdateCustomerArgs } from './dto/customer-args.dto';

const CUSTOMER_COLUMNS = 'c.id, c.name, c.email, c.segment, c.city, c.created_at AS createdAt';

/** SQL access to customers. */
@Injectable()
export class CustomerRepository {
  constructor(private readonly database: DatabaseService) {}

  list(args: ListCustomersArgs): Page<Customer> {
    const paging = pagingOf(args);
    const pattern = containsPattern(args.search ?? '');
    const filter = new SqlFilter()
      .when(args.segment, 'c.segment = ?')
      .when(args.city, 'c.city = ? COLLATE NOCASE')
      .when(args.search, "(c.name LIKE ? ESCAPE '\\' OR c.email LIKE ? ESCAPE '\\')", pattern, pattern);
    const where = filter.toSql();
    const db = this.database.db;
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM customers c ${where}`).get(...filter.params) as {
      total: number;
    };
    const rows = db
      .prepare(`SELECT ${CUSTOMER_COLUMNS} FROM customers c ${where} ORDER BY c.name, c.id LIMIT ? OFFSET ?`)
      .all(...filter.params, paging.limit, paging.offset) as Customer[];
    return toPage(rows, total, paging);
  }

  /** Customers by id and/or email, ordered by id; unknown keys are skipped. */
  getMany(ids: readonly number[], emails: readonly string[]): Customer[] {
    if (ids.length === 0 && emails.length === 0) return [];
    return this.database.db
      .prepare(
        `SELECT ${CUSTOMER_COLUMNS} FROM customers c
         WHERE c.id IN (SELECT value FROM json_each(?)) OR c.email IN (SELECT value FROM json_each(?))
         ORDER BY c.id`,
      )
      .all(JSON.stringify(ids), JSON.stringify(emails)) as Customer[];
  }

  findById(id: number): Customer | undefined {
    return this.database.db.prepare(`SELECT ${CUSTOMER_COLUMNS} FROM customers c WHERE c.id = ?`).get(id) as
      | Customer
      | undefined;
  }

  /** @throws NotFoundError */
  requireById(id: number): Customer {
    const customer = this.findById(id);
    if (!customer) throw new NotFoundError('Customer', id);
    return customer;
  }

  /** The id of the customer using this email (case-insensitive), if any. */
  idByEmail(email: string): number | undefined {
    const row = this.database.db.prepare('SELECT id FROM customers WHERE email = ?').get(email) as
      | { id: number }
      | undefined;
    return row?.id;
  }

  insert(args: CreateCustomerArgs): number {
    const result = this.database.db
      .prepare('INSERT INTO customers (name, email, segment, city, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(args.name, args.email, args.segment, args.city, nowIso());
    return Number(result.lastInsertRowid);
  }

  update(args: UpdateCustomerArgs): void {
    this.database.db
      .prepare(
        `UPDATE customers SET name = COALESCE(?, name), email = COALESCE(?, email),
           segment = COALESCE(?, segment), city = COALESCE(?, city) WHERE id = ?`,
      )
      .run(args.name ?? null, args.email ?? null, args.segment ?? null, args.city ?? null, args.customerId);
  }
}
