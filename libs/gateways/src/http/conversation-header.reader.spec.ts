import type { IncomingMessage } from 'node:http';
import { conversationOf } from './conversation-header.reader';

function request(headers: Record<string, string | string[]>): IncomingMessage {
  return { headers } as unknown as IncomingMessage;
}

describe('conversationOf (a stateless request)', () => {
  it('is the conversation the client names, apart from any session id', () => {
    expect(conversationOf(request({ 'x-myko-conversation': 'agent-7:run.2' }), 'own')).toBe('named:agent-7:run.2');
  });

  it.each([
    ['absent', {}],
    ['empty', { 'x-myko-conversation': '' }],
    ['too long', { 'x-myko-conversation': 'a'.repeat(129) }],
    ['with a slash', { 'x-myko-conversation': 'key:other/s1' }],
    ['with spaces', { 'x-myko-conversation': 'a b' }],
    ['repeated', { 'x-myko-conversation': ['a', 'b'] }],
  ])('is the request own when the name is %s', (_, headers) => {
    expect(conversationOf(request(headers), 'http:stateless:1')).toBe('http:stateless:1');
  });
});
