import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { dtoInstanceFactory } from './dto-instance.factory';

class Flat {
  @IsString()
  name: string;

  @IsOptional()
  @IsInt({ each: true })
  ids?: number[];
}

class Line {
  @IsInt()
  qty: number;
}

class Nested {
  @ValidateNested({ each: true })
  @Type(() => Line)
  lines: Line[];
}

class Trimmed {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  name: string;
}

describe('dtoInstanceFactory', () => {
  it('builds a flat DTO like plainToInstance, without its metadata walk', () => {
    const plain = JSON.parse('{"name":"x","ids":[1,2],"extra":{"a":1},"__proto__":{"polluted":true}}');
    const instance = dtoInstanceFactory(Flat)(plain);
    expect(instance).toBeInstanceOf(Flat);
    expect(instance).toEqual(plainToInstance(Flat, plain));
    expect(Object.keys(instance)).toEqual(['name', 'ids', 'extra']);
    expect((instance as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('leaves DTOs with class-transformer decorators to plainToInstance', () => {
    const nested = dtoInstanceFactory(Nested)({ lines: [{ qty: 1 }] }) as Nested;
    expect(nested.lines[0]).toBeInstanceOf(Line);
    expect(dtoInstanceFactory(Trimmed)({ name: '  x ' })).toEqual(Object.assign(new Trimmed(), { name: 'x' }));
  });
});
