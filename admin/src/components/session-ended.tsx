import { useEffect, useRef } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { useSession, type SessionUser } from '../session.js';
import { setLeaveGuard } from '../guard.js';
import { SignInForm } from '../screens/sign-in.js';

/**
 * When the session ends while a screen is open (it expired, a password was changed, another
 * tab signed out), the screen stays as it was, edits included, behind this modal dialog that
 * signs in again; the save that was refused can then be sent again. Another account signing
 * in starts the dashboard afresh: the screen behind is the former account's.
 */
export function SessionEnded() {
  const { t } = useI18n();
  const { state } = useSession();
  const dialog = useRef<HTMLDialogElement>(null);
  const ended = state.status === 'signed-in' && state.ended === true;
  const user = state.status === 'signed-in' ? state.user : undefined;
  // The account whose session ended (kept in the state while the dialog is open): a sign-in
  // re-renders with the new account before its callback runs, so this is not updated then.
  const former = useRef<string | undefined>(undefined);
  if (ended) former.current = user?.id;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (ended && !element.open) element.showModal();
    if (!ended && element.open) element.close();
  }, [ended]);

  const signedIn = (signedInAs: SessionUser) => {
    if (signedInAs.id === former.current) return;
    setLeaveGuard(null);
    location.assign('/admin');
  };

  return (
    <dialog ref={dialog} class="session-ended" aria-labelledby="session-ended-title" onCancel={(event) => event.preventDefault()}>
      <h2 id="session-ended-title">{t('session.ended')}</h2>
      <p>{t('session.endedKept')}</p>
      {ended && <SignInForm email={user?.email} onSignedIn={signedIn} />}
    </dialog>
  );
}
