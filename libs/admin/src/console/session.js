/**
 * What the console keeps: the admin key and the operator's name, in this tab's sessionStorage only (gone when
 * the tab closes; never in a cookie, so no other page's request can carry it).
 */

const KEY = 'myko-console:admin-key';
const OPERATOR = 'myko-console:operator';

function read(name) {
  try {
    return sessionStorage.getItem(name) ?? '';
  } catch {
    return '';
  }
}

function write(name, value) {
  try {
    if (value) sessionStorage.setItem(name, value);
    else sessionStorage.removeItem(name);
  } catch {
    // Storage refused (a private mode): the key lives as long as the page.
  }
}

/** The admin key of this tab ('' when none). */
export const adminKey = () => read(KEY);
export const setAdminKey = (key) => write(KEY, key);
export const forgetAdminKey = () => write(KEY, '');
/** The name recorded with a decision (`X-Myko-Operator`), '' when none. */
export const operatorName = () => read(OPERATOR);
export const setOperatorName = (name) => write(OPERATOR, name);
