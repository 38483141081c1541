import { ArgDescription } from '@myko/registry';
import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export class CustomerArgs {
  @ArgDescription('Customer number')
  @IsInt()
  customerId: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class StatusArgs {
  @IsIn(['open', 'paid'])
  status: 'open' | 'paid';
}

export class PlaceOrderArgs {
  @IsInt()
  customerId: number;

  @IsString()
  sku: string;
}

export class OrderIdArgs {
  @IsString()
  orderId: string;
}

export class Order {
  @IsString()
  id: string;

  @IsInt()
  customerId: number;

  @IsIn(['open', 'paid'])
  status: 'open' | 'paid';
}
