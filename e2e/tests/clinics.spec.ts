import { readFile } from 'node:fs/promises';
import { API_PATHS, CLINIC_MESSAGES } from '@clerkly/contracts';
import type { Page } from '@playwright/test';
import { codeDigits, failedRequest, pasteInto, test as accountsTest } from '../support/accounts';
import {
  button,
  expectNoteWithText,
  generateNotes,
  openSession,
  record,
  startSession,
  templateCheckbox,
} from '../support/create-notes';
import { createUser, expect, signUp, test, type TestUser } from '../support/fixtures';
import { latestCode, readOutbox } from '../support/outbox';
import { submitPasswordForm } from '../support/password-forms';
import { E2E_BASE_URL } from '../support/server';
import { consultationWav, launchOptionsWithMicrophone } from '../support/speech';

// Issue 29 "Done when": an owner creates a clinic, invites a colleague (link from the mail), the
// colleague joins and uses a shared template in a consultation, the admin sees that session's
// events on the Audit page and downloads them; the member is removed and loses the clinic's
// templates at once. Docs/decisions/028: the colleague has no account and joins right after
// signing up through the link; a cancelled invitation's link no longer works; the removed
// member's events stay on the Audit page, marked former; a member leaves on their own.
test.use({ launchOptions: launchOptionsWithMicrophone(consultationWav()) });

const TEMPLATE = 'Harbour knee review';

/** The invitation link mailed to `email`, read from the app's outbox like the codes. */
async function invitationLink(email: string): Promise<string> {
  const mail = (await readOutbox()).filter(
    (message) => message.to === email.toLowerCase() && /invited to join/.test(message.subject),
  );
  const link = mail.at(-1)?.text.match(/https?:\/\/\S+\/clinic\/join#[\w-]{43}/)?.[0];
  if (!link) throw new Error(`no invitation mailed to ${email}`);
  return link;
}

const clinicTemplates = (page: Page) => page.getByRole('region', { name: 'Clinic Templates' });

/** Signs up through the pages, as a new user does: form, e-mailed code, profile setup. */
async function signUpThroughPages(page: Page, user: TestUser) {
  await page.getByRole('textbox', { name: 'First Name' }).fill(user.firstName);
  await page.getByRole('textbox', { name: 'Last Name' }).fill(user.lastName);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(user.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await submitPasswordForm(page, '/api/auth/sign-up/email', () => button(page, 'Sign Up').click());
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await pasteInto(page, codeDigits(page)[0]!, await latestCode(user.email));
  await button(page, 'Verify').click();
  await expect(page.getByRole('heading', { name: "Let's set your profile up!" })).toBeVisible();
  const profession = page.getByRole('combobox', { name: 'Profession' });
  await profession.click();
  await profession.fill('general pract');
  await page.getByRole('option', { name: 'General Practitioner' }).click();
  await button(page, 'Save').click();
}

const auditRows = (page: Page) =>
  page.getByRole('table', { name: 'Audit events' }).getByRole('row');

test('a clinic shares a template with a colleague who joins by e-mail, is audited and removed', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  // The owner works in a browser of their own; the colleague records in `page`.
  const ownerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
  const owner = await ownerContext.newPage();
  await signUp(owner, createUser({ firstName: 'Olive', lastName: 'Owner' }));
  const own = await owner.request.post('/api/templates/mine', {
    headers: { origin: E2E_BASE_URL },
    data: {
      name: TEMPLATE,
      kind: 'note',
      sections: [
        { title: 'Knee', guidance: 'What the patient said about the knee', format: 'prose' },
        { title: 'Plan', guidance: 'What was agreed', format: 'bullets' },
      ],
    },
  });
  expect(own.status(), await own.text()).toBe(201);

  // Profile → Create a clinic.
  await owner.goto('/profile');
  await owner.getByRole('link', { name: 'Create a clinic' }).click();
  await owner.getByRole('textbox', { name: 'Clinic name' }).fill('Harbour Clinic');
  await button(owner, 'Create clinic').click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Harbour Clinic' })).toBeVisible();

  // Share the owner's template with the clinic.
  await owner.getByRole('combobox', { name: 'Template to share' }).click();
  await owner.getByRole('option', { name: `${TEMPLATE} (yours)` }).click();
  await button(owner, 'Share with the clinic').click();
  await expect(clinicTemplates(owner).getByText(TEMPLATE, { exact: true })).toBeVisible();

  // Invite a colleague who has no account yet.
  const colleague = createUser({ firstName: 'Colin', lastName: 'Colleague' });
  await owner.getByRole('textbox', { name: 'E-mail address' }).fill(colleague.email);
  await button(owner, 'Send invitation').click();
  await expect(owner.getByText(`Invitation sent to ${colleague.email}.`)).toBeVisible();
  const link = await invitationLink(colleague.email);

  // A second invitation, cancelled: it leaves the pending list and its link stops working.
  const cancelledAddress = createUser().email;
  await owner.getByRole('textbox', { name: 'E-mail address' }).fill(cancelledAddress);
  await button(owner, 'Send invitation').click();
  const pending = owner.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(colleague.email.toLowerCase())).toBeVisible();
  await expect(pending.getByText(cancelledAddress)).toBeVisible();
  const cancelledLink = await invitationLink(cancelledAddress);
  await pending
    .getByRole('button', { name: `Cancel the invitation to ${cancelledAddress}` })
    .click();
  await expect(
    owner.getByText(`The invitation to ${cancelledAddress} was cancelled`),
  ).toBeVisible();
  await expect(pending.getByText(cancelledAddress)).toHaveCount(0);
  await expect(pending.getByText(colleague.email.toLowerCase())).toBeVisible();
  const cancelledAnswer = await owner.request.post(API_PATHS.clinicInvitationAccept, {
    headers: { origin: E2E_BASE_URL },
    data: { token: cancelledLink.split('#')[1] },
  });
  expect(cancelledAnswer.status()).toBe(410);
  expect(await cancelledAnswer.json()).toMatchObject({
    error: { message: CLINIC_MESSAGES.invitationInvalid },
  });

  // Signed out and without an account, the link leads to sign-up, invitation kept; once signed
  // up, the colleague is in the clinic without another click.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/register\?invitation=1$/);
  await expect(page.getByText('You have been invited to join a clinic')).toBeVisible();
  await signUpThroughPages(page, colleague);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Clinic' })).toBeVisible();
  await expect(page).toHaveURL(/\/clinic$/);
  await expect(page.getByText('Your role: Clinician')).toBeVisible();
  await owner.reload();
  await expect(pending.getByText('No invitation is waiting for an answer.')).toBeVisible();

  // The shared template is on /templates under Clinic Templates, read-only.
  await page.goto('/templates');
  const card = clinicTemplates(page).getByRole('article', { name: TEMPLATE });
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: `Edit ${TEMPLATE}` })).toHaveCount(0);

  // …and in a consultation.
  await page.goto('/create-notes');
  const created = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && response.url().endsWith('/api/patient-sessions/'),
  );
  await startSession(page, 'Ann Lee');
  const sessionId = ((await (await created).json()) as { id: number }).id;
  await record(page, 8);
  await generateNotes(page, TEMPLATE);
  await expectNoteWithText(page, TEMPLATE);

  // The owner sees that session's events on the Audit page and downloads them.
  await owner.goto('/clinic');
  await owner.getByRole('link', { name: 'Audit' }).click();
  await owner.getByRole('textbox', { name: 'Patient session' }).fill(String(sessionId));
  const rows = auditRows(owner);
  await expect(rows.filter({ hasText: 'created the session' })).toContainText('Colin Colleague');
  await expect(rows.filter({ hasText: 'generated notes' })).toContainText(String(sessionId));
  const download = owner.waitForEvent('download');
  await owner.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    '"time","member","member id","action","target","session","address"',
  );
  expect(csv).toMatch(
    new RegExp(`"Colin Colleague","[^"]+","created the session","","${sessionId}"`),
  );
  expect(csv).toContain('"generated notes"');

  // Removed, the colleague loses the clinic's templates at once; their session stays theirs.
  await owner.goto('/clinic');
  await owner.getByRole('button', { name: 'Remove Colin Colleague' }).click();
  await expect(owner.getByText('Colin Colleague was removed from the clinic.')).toBeVisible();
  await page.goto('/templates');
  await expect(page.getByRole('region', { name: 'Recommended Templates' })).toBeVisible();
  await expect(clinicTemplates(page)).toHaveCount(0);
  await openSession(page, 'Bo Chen');
  await expect(templateCheckbox(page, 'SOAP Note')).toBeVisible();
  await expect(templateCheckbox(page, TEMPLATE)).toHaveCount(0);
  const past = await page.request.get(`/api/patient-sessions/${sessionId}`);
  expect(past.status()).toBe(200);

  // The Audit page still shows what the colleague did while a member, and says whom the owner
  // removed; the member filter marks them as a former member.
  await owner.goto('/clinic/audit');
  await expect(
    rows.filter({ hasText: 'removed a member' }).filter({ hasText: 'Colin Colleague (clinician)' }),
  ).toContainText('Olive Owner');
  await owner.getByRole('combobox', { name: 'Member' }).click();
  await owner.getByRole('option', { name: 'Colin Colleague (former)' }).click();
  await expect(rows.filter({ hasText: 'created the session' })).toContainText(String(sessionId));
  await expect(rows.filter({ hasText: 'generated notes' })).toContainText('Colin Colleague');
  await expect(rows.filter({ hasText: 'joined the clinic' })).toHaveCount(1);
  await ownerContext.close();
});

// A member with an account joins through the link with the Join button (signed in), then leaves
// with "Leave clinic"; the owner, the last one, is told why they cannot.
accountsTest(
  'a member joins signed in and leaves; the last owner cannot leave',
  async ({ page, browser, allowConsoleErrors }) => {
    accountsTest.setTimeout(120_000);
    const ownerContext = await browser.newContext({ baseURL: E2E_BASE_URL });
    const owner = await ownerContext.newPage();
    await signUp(owner, createUser({ firstName: 'Lena', lastName: 'Lead' }));
    const created = await owner.request.post(API_PATHS.clinic, {
      headers: { origin: E2E_BASE_URL },
      data: { name: 'Dune Clinic' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const member = createUser({ firstName: 'Milo', lastName: 'Member' });
    await signUp(page, member);
    const invited = await owner.request.post(API_PATHS.clinicInvitations, {
      headers: { origin: E2E_BASE_URL },
      data: { email: member.email, role: 'clinician' },
    });
    expect(invited.status(), await invited.text()).toBe(201);

    await page.goto((await invitationLink(member.email)).replace(/^https?:\/\/[^/]+/, ''));
    await button(page, 'Join the clinic').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dune Clinic' })).toBeVisible();

    await button(page, 'Leave clinic').click();
    const dialog = page.getByRole('dialog', { name: 'Leave Dune Clinic?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Leave clinic' }).click();
    await expect(page.getByText('You left Dune Clinic.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create a clinic' })).toBeVisible();

    await owner.goto('/clinic');
    await expect(owner.getByRole('cell', { name: 'Milo Member' })).toHaveCount(0);
    allowConsoleErrors(failedRequest(409));
    await button(owner, 'Leave clinic').click();
    const refusal = owner.getByRole('dialog', { name: 'Leave Dune Clinic?' });
    await refusal.getByRole('button', { name: 'Leave clinic' }).click();
    await expect(refusal.getByRole('alert')).toHaveText(CLINIC_MESSAGES.lastOwnerLeaving);
    await refusal.getByRole('button', { name: 'Stay' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Dune Clinic' })).toBeVisible();

    await owner.getByRole('link', { name: 'Audit' }).click();
    await owner.getByRole('combobox', { name: 'Member' }).click();
    await owner.getByRole('option', { name: 'Milo Member (former)' }).click();
    await expect(auditRows(owner).filter({ hasText: 'left the clinic' })).toHaveCount(1);
    await ownerContext.close();
  },
);
