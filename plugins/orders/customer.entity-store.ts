import { EntityRepository } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { SqlFilter } from '../common/sql-filter';
import { DatabaseService, SqliteEntityStore } from '../database';
import { Customer, type CustomerQuery } from './dto/customer.dto';

/** The `Customer` entity's store: serves the generated customer operations from the customers table. */
@Injectable()
@EntityRepository(Customer)
export class CustomerEntityStore extends SqliteEntityStore<Customer, number, CustomerQuery> {
  constructor(database: DatabaseService) {
    super(database, {
      entity: 'Customer',
      from: 'customers c',
      columns: 'c.id, c.name, c.email, c.segment, c.city, c.created_at AS createdAt',
      id: 'c.id',
      filter: (query) =>
        new SqlFilter().when(query.segment, 'c.segment = ?').when(query.city, 'c.city = ? COLLATE NOCASE'),
      settable: { segment: 'segment', city: 'city' },
    });
  }
}
