import { IsArray, IsOptional, IsString } from 'class-validator';
import { Normalize } from '../decorators/normalize.decorator';
import { InvalidArgumentsError } from '../errors';
import { ArgumentCanon } from './argument-canon';
import { ArgumentsValidator } from './arguments.validator';

class BaseArgs {
  @IsOptional()
  @IsString()
  @Normalize('trim', 'upper')
  warehouseCode?: string;
}

class FindArgs extends BaseArgs {
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Normalize('lower')
  tags?: string[];

  @IsOptional()
  @IsString()
  status?: string = 'open';

  @IsOptional()
  @IsString()
  note?: string;
}

describe('ArgumentCanon and @Normalize', () => {
  const canon = new ArgumentCanon(FindArgs);

  it('puts declared arguments (inherited ones too) in canonical form, others as they are', () => {
    expect(canon.value('warehouseCode', ' bEr ')).toBe('BER');
    expect(canon.value('tags', ['A', 'b', 3])).toEqual(['a', 'b', 3]);
    expect(canon.value('note', 'MiXed')).toBe('MiXed');
    expect(canon.value('warehouseCode', 7)).toBe(7);
  });

  it('knows the default an omitted argument takes (a property initializer), and nothing for the others', () => {
    expect(canon.defaultOf('status')).toBe('open');
    expect(canon.defaultOf('note')).toBeUndefined();
  });

  it('the validator hands the method the canonical value, so rule and method read the same thing', async () => {
    const validator = new ArgumentsValidator('query_Find', FindArgs, true);
    const args = (await validator.validate({ warehouseCode: 'ber', tags: ['X'] })) as FindArgs;
    expect(args).toMatchObject({ warehouseCode: 'BER', tags: ['x'] });
    expect(validator.canon.value('warehouseCode', 'ber')).toBe('BER');
  });

  it.each(['__proto__', 'constructor', 'prototype'])('rejects %j as an unknown argument', async (key) => {
    const validator = new ArgumentsValidator('query_Find', FindArgs, true);
    const error = await validator.validate(JSON.parse(`{"${key}": {"note": "x"}}`)).catch((e) => e);
    expect(error).toBeInstanceOf(InvalidArgumentsError);
    expect(error.message).toContain(key);
  });
});
