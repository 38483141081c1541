import { EntityRepository } from '@myko/registry';
import { Injectable } from '@nestjs/common';
import { SqlFilter } from '../common/sql-filter';
import { DatabaseService, SqliteEntityStore } from '../database';
import { Product, type ProductQuery } from './dto/product.dto';

/** The `Product` entity's store: serves the generated product operations from the products table. */
@Injectable()
@EntityRepository(Product)
export class ProductEntityStore extends SqliteEntityStore<Product, number, ProductQuery> {
  constructor(database: DatabaseService) {
    super(database, {
      entity: 'Product',
      from: 'products p',
      columns:
        'p.id, p.sku, p.name, p.category, p.unit_price_cents AS unitPriceCents, p.active, p.created_at AS createdAt',
      id: 'p.id',
      filter: (query) =>
        new SqlFilter()
          .when(query.category, 'p.category = ? COLLATE NOCASE')
          .when(query.active, 'p.active = ?', query.active ? 1 : 0),
      settable: { name: 'name', category: 'category' },
      toEntity: (row) => ({ ...row, active: row.active === 1 }) as unknown as Product,
    });
  }
}
