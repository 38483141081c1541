/**
 * The operator console: asks for the admin key, then shows four views over the admin API — Access, Approvals,
 * Live, Audit — as tabs (arrow keys move between them; the URL's #hash names the open one).
 */
import { createAccessView } from './access-view.js';
import { AdminApi } from './admin-api.js';
import { createApprovalsView } from './approvals-view.js';
import { createAuditView } from './audit-view.js';
import { createLiveView } from './live-view.js';
import { adminKey, forgetAdminKey, setAdminKey } from './session.js';

const VIEWS = ['access', 'approvals', 'live', 'audit'];
const $ = (id) => document.getElementById(id);

/** The admin API's root: the folder above this page's (`/admin/` for `/admin/console/`). */
const apiBase = new URL('../', window.location.href);
const api = new AdminApi(apiBase, adminKey, (error) => signOut(refusalText(error)));

const views = {
  access: createAccessView(api, $('view-access')),
  approvals: createApprovalsView(api, $('view-approvals')),
  live: createLiveView(api, $('view-live')),
  audit: createAuditView(api, $('view-audit')),
};

function refusalText(error) {
  return error.status === 403
    ? 'That key is an ordinary API key, not an admin key.'
    : `The admin key was refused (${error.message}).`;
}

function showSignIn(message) {
  $('app').hidden = true;
  $('whoami').hidden = true;
  $('sign-out').hidden = true;
  $('sign-in').hidden = false;
  $('sign-in-error').textContent = message ?? '';
  $('admin-key').value = '';
  $('admin-key').focus();
}

function signOut(message) {
  forgetAdminKey();
  for (const view of Object.values(views)) view.hide();
  showSignIn(message);
}

/** Checks the stored key with the API (`GET whoami`), then opens the console. */
async function signIn() {
  try {
    const { principal } = await api.get('whoami');
    $('whoami').textContent = `Signed in as ${principal}`;
  } catch (error) {
    if (error.status !== 401 && error.status !== 403) showSignIn(`The admin API did not answer: ${error.message}`);
    return;
  }
  $('sign-in').hidden = true;
  $('app').hidden = false;
  $('whoami').hidden = false;
  $('sign-out').hidden = false;
  open(viewOfHash());
}

function viewOfHash() {
  const name = window.location.hash.slice(1);
  return VIEWS.includes(name) ? name : VIEWS[0];
}

/** Shows one view, marks its tab selected (and the only one in the tab order), tells the view it is shown. */
function open(name, focus = false) {
  for (const view of VIEWS) {
    const tab = $(`tab-${view}`);
    const selected = view === name;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    $(`view-${view}`).hidden = !selected;
    if (selected) {
      if (focus) tab.focus();
      views[view].show();
    } else views[view].hide();
  }
  if (window.location.hash !== `#${name}`) history.replaceState(null, '', `#${name}`);
}

function onTabKey(event) {
  const at = VIEWS.indexOf(event.currentTarget.dataset.view);
  const next = {
    ArrowRight: (at + 1) % VIEWS.length,
    ArrowLeft: (at + VIEWS.length - 1) % VIEWS.length,
    Home: 0,
    End: VIEWS.length - 1,
  }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  open(VIEWS[next], true);
}

$('sign-in-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const key = $('admin-key').value.trim();
  if (!key) {
    $('sign-in-error').textContent = 'Enter the admin key.';
    return;
  }
  setAdminKey(key);
  signIn();
});
$('sign-out').addEventListener('click', () => signOut('Signed out.'));
for (const view of VIEWS) {
  const tab = $(`tab-${view}`);
  tab.addEventListener('click', () => open(view));
  tab.addEventListener('keydown', onTabKey);
}
window.addEventListener('hashchange', () => {
  if (!$('app').hidden) open(viewOfHash());
});

if (adminKey()) signIn();
else showSignIn();
