import * as ts from 'typescript';

/** How deep a structural comparison goes before it gives up (and then cannot refuse). */
const MAX_DEPTH = 5;
const NULLABLE = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;
const UNJUDGED = ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never | ts.TypeFlags.TypeParameter;

/**
 * Questions about the types of one check, answered against the generated declarations file: which types are
 * the myko API's own (so an error about them is certain), and whether a value of one type could be a valid value
 * of another (so an assignability error may be TypeScript's inference, not the script's mistake).
 */
export class ApiTypes {
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly declarationsFile: string,
  ) {}

  /**
   * A type the declarations define: an operation's result or argument type, `myko` itself, or an array or a
   * Promise of one (a missing `await`); a union only when every member is. Nothing the script inferred alone.
   */
  isApi(type: ts.Type, depth = 0): boolean {
    if (depth > MAX_DEPTH) return false;
    if (type.isUnion()) {
      const members = type.types.filter((member) => !(member.flags & NULLABLE));
      return members.length > 0 && members.every((member) => this.isApi(member, depth + 1));
    }
    if (this.declaredHere(type.aliasSymbol) || this.declaredHere(type.getSymbol())) return true;
    const args = this.containerArguments(type);
    return args !== undefined && args.length > 0 && args.every((arg) => this.isApi(arg, depth + 1));
  }

  /**
   * Whether some value of `source` may also be a `target`, structurally: a union overlaps if one member does
   * (`string | number` from `[[1, 'AMS']]` may be the string expected), a widened `string` overlaps a union of
   * string literals, arrays by their elements, objects property by property (a required property missing from
   * an object does not overlap: the object is known to lack it). Only a type that cannot overlap is refused.
   */
  overlaps(source: ts.Type, target: ts.Type, depth = 0): boolean {
    if (depth > MAX_DEPTH || source.flags & UNJUDGED || target.flags & UNJUDGED) return true;
    if (source.isUnion()) return source.types.some((member) => this.overlaps(member, target, depth + 1));
    if (target.isUnion()) return target.types.some((member) => this.overlaps(source, member, depth + 1));
    if (source.isIntersection() || target.isIntersection()) return true;
    const checker = this.checker;
    if (checker.isTypeAssignableTo(source, target) || checker.isTypeAssignableTo(target, source)) return true;
    const sourceElements = this.elementsOf(source);
    const targetElements = this.elementsOf(target);
    if (sourceElements && targetElements) {
      // Every element the source holds must fit some element the target holds.
      return sourceElements.every((element) =>
        targetElements.some((expected) => this.overlaps(element, expected, depth + 1)),
      );
    }
    if (sourceElements || targetElements) return false;
    if (!(source.flags & ts.TypeFlags.Object) || !(target.flags & ts.TypeFlags.Object)) return false;
    return this.propertiesOverlap(source, target, depth);
  }

  private propertiesOverlap(source: ts.Type, target: ts.Type, depth: number): boolean {
    const checker = this.checker;
    // An index signature or a call signature: a shape this comparison does not follow.
    if (checker.getIndexInfosOfType(source).length > 0 || checker.getIndexInfosOfType(target).length > 0) return true;
    if (source.getCallSignatures().length > 0 || target.getCallSignatures().length > 0) return true;
    let shared = 0;
    for (const property of checker.getPropertiesOfType(target)) {
      const mine = checker.getPropertyOfType(source, property.name);
      if (!mine) {
        if (!(property.flags & ts.SymbolFlags.Optional)) return false;
        continue;
      }
      shared++;
      if (!this.overlaps(checker.getTypeOfSymbol(mine), checker.getTypeOfSymbol(property), depth + 1)) return false;
    }
    // All optional and none in common (TypeScript's weak type): the object names none of what is expected.
    return shared > 0 || checker.getPropertiesOfType(source).length === 0;
  }

  /** The element types of an array (one) or a tuple (each member), else undefined. */
  private elementsOf(type: ts.Type): readonly ts.Type[] | undefined {
    if (!this.checker.isArrayType(type) && !this.checker.isTupleType(type)) return undefined;
    return this.checker.getTypeArguments(type as ts.TypeReference);
  }

  /** The type arguments of an `Array`, `ReadonlyArray` or `Promise`, else undefined. */
  private containerArguments(type: ts.Type): readonly ts.Type[] | undefined {
    const name = type.getSymbol()?.name;
    const container = this.checker.isArrayType(type) || name === 'Promise' || name === 'ReadonlyArray';
    if (!container || !((type as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference)) return undefined;
    return this.checker.getTypeArguments(type as ts.TypeReference);
  }

  private declaredHere(symbol: ts.Symbol | undefined): boolean {
    return !!symbol?.declarations?.some((node) => node.getSourceFile().fileName === this.declarationsFile);
  }
}
