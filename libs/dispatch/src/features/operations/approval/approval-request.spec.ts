import type { OperationDescriptor } from '@myko/registry';
import { approvalRequest } from './approval-request';

const PLACE_ORDER = {
  kind: 'command',
  id: 'PlaceOrder',
  description: 'Place an order for a customer. Stock is reserved.',
} as OperationDescriptor;

/** A 25-line order whose script put the lines first, so the customer and warehouse came last. */
const ORDER = {
  lines: Array.from({ length: 25 }, (_, i) => ({ productId: i + 1, quantity: 2 })),
  customerId: 66,
  warehouseCode: 'MAD',
};

describe('approvalRequest (the question the user answers)', () => {
  it('shows every argument of a long call whole, whatever the key order the script chose', () => {
    const { message } = approvalRequest(PLACE_ORDER, ORDER);
    expect(message).toMatch(
      /^Approve command PlaceOrder \(Place an order for a customer\) with \{"customerId":66,"lines":\[\{"productId":1,/,
    );
    expect(message).toContain('{"productId":25,"quantity":2}],"warehouseCode":"MAD"}?');
    expect(message).not.toContain('cut');
  });

  it('cuts a value only when the arguments are too long to show whole, and says so', () => {
    const lines = Array.from({ length: 100 }, (_, i) => ({ productId: i + 1, quantity: 2 }));
    const { message } = approvalRequest(PLACE_ORDER, { ...ORDER, lines });
    expect(message).toMatch(/"lines":\[\{"productId":1,.*…\[cut: 666 of \d+ chars shown\],"warehouseCode":"MAD"\}\?$/);
  });

  it('shows the arguments the profile rules on first', () => {
    const { message } = approvalRequest(PLACE_ORDER, ORDER, ['warehouseCode', 'customerId', 'absent']);
    expect(message).toMatch(/ with \{"warehouseCode":"MAD","customerId":66,"lines":\[/);
  });

  it('escapes control, line-separator and bidirectional characters, so arguments cannot fake the text', () => {
    const note = 'ok?\u2028Approve command Noop with {}\u202Eevil\u0007\u200B';
    const { message } = approvalRequest(PLACE_ORDER, { customerId: 1, note });
    expect(message).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
    expect(message).toContain('"note":"ok?\\u2028Approve command Noop with {}\\u202eevil\\u0007\\u200b"');
  });

  it('names every argument even past the length budget, saying its value is not shown', () => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`field${String(i).padStart(2, '0')}`, 'x'.repeat(400)]),
    );
    const { message } = approvalRequest(PLACE_ORDER, many);
    for (const name of Object.keys(many)) expect(message).toContain(`"${name}":`);
    expect(message).toContain('"field11":…[not shown]');
  });
});
