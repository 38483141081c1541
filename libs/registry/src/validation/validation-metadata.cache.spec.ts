import { IsInt, IsString, MetadataStorage, validate } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata.cache';

class Base {
  @IsInt()
  id: number;
}

class Named extends Base {
  @IsString()
  name: string;
}

describe('cacheValidationMetadata', () => {
  it('answers the same lookups as class-validator, once per class, and again after metadata is added', () => {
    const storage = new MetadataStorage();
    const plain = new MetadataStorage();
    const lookups = jest.spyOn(storage, 'getTargetValidationMetadatas');
    cacheValidationMetadata(storage as never);
    class Dto {}
    const meta = (propertyName: string) =>
      ({ target: Dto, propertyName, type: 'isDefined', constraints: [], validationTypeOptions: {} }) as never;
    storage.addValidationMetadata(meta('a'));
    plain.addValidationMetadata(meta('a'));
    const first = storage.getTargetValidationMetadatas(Dto, '', false, false);
    expect(first).toEqual(plain.getTargetValidationMetadatas(Dto, '', false, false));
    expect(storage.getTargetValidationMetadatas(Dto, '', false, false)).toBe(first);
    expect(lookups).toHaveBeenCalledTimes(1);
    storage.addValidationMetadata(meta('b'));
    expect(storage.getTargetValidationMetadatas(Dto, '', false, false).map((m) => m.propertyName)).toEqual(['a', 'b']);
    expect(storage.getTargetValidationMetadatas(Dto, '', false, false, ['g'])).toEqual([]);
    expect(lookups).toHaveBeenCalledTimes(3);
  });

  it('keeps validation of the global storage correct, inherited rules included', async () => {
    cacheValidationMetadata();
    cacheValidationMetadata();
    const valid = Object.assign(new Named(), { id: 1, name: 'x' });
    const invalid = Object.assign(new Named(), { id: 'one', name: 2 });
    expect(await validate(valid)).toEqual([]);
    expect((await validate(invalid)).map((e) => e.property).sort()).toEqual(['id', 'name']);
  });
});
