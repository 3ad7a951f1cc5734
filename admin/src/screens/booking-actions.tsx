import { useState } from 'preact/hooks';
import { useI18n } from '../i18n/i18n.js';
import { ErrorMessage } from '../components/feedback.js';
import { statusOf } from '../errors.js';
import { actOnBooking, type Booking } from '../api/bookings.js';
import type { MessageKey } from '../i18n/en.js';

/** The words of each status. */
export const STATUS_KEYS: Record<Booking['status'], MessageKey> = {
  requested: 'bookings.status.requested',
  confirmed: 'bookings.status.confirmed',
  declined: 'bookings.status.declined',
  cancelled: 'bookings.status.cancelled',
  expired: 'bookings.status.expired',
};
const TONES: Record<Booking['status'], string> = { requested: 'badge-pickup', confirmed: 'badge-on', declined: 'badge-off', cancelled: 'badge-off', expired: 'badge-off' };

export function BookingStatus({ status }: { status: Booking['status'] }) {
  const { t } = useI18n();
  return <span class={`badge ${TONES[status]}`}>{t(STATUS_KEYS[status])}</span>;
}

/**
 * What the owner may do with a booking: confirm or decline (with a reason) a request, cancel a
 * request or a confirmed booking. A 409 (the time was taken meanwhile, the booking changed
 * elsewhere) is said in words; `changed` gets the booking as it now is.
 */
export function BookingActions({ booking, label, changed }: { booking: Booking; label: string; changed: (booking: Booking, message: string) => void }) {
  const { t } = useI18n();
  // Declining and cancelling each ask for an optional reason first (SPEC 9: `{action, reason?}`).
  const [asking, setAsking] = useState<'decline' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const idOf = (name: string) => `booking-${booking.id}-${name}`;

  const act = async (action: 'confirm' | 'decline' | 'cancel', done: MessageKey) => {
    setBusy(true);
    setFailure(null);
    try {
      const next = await actOnBooking(booking.id, { action, ...(action !== 'confirm' && reason.trim() ? { reason: reason.trim() } : {}) });
      setAsking(null);
      changed(next, t(done, { what: label }));
    } catch (error) {
      setFailure(statusOf(error) === 409 ? new Error(t(action === 'confirm' ? 'bookings.taken' : 'bookings.changedElsewhere')) : error);
    } finally {
      setBusy(false);
    }
  };

  const ask = (action: 'decline' | 'cancel') => {
    setAsking(action);
    requestAnimationFrame(() => document.getElementById(idOf('reason'))?.focus());
  };

  const canCancel = booking.status === 'requested' || booking.status === 'confirmed';
  if (!canCancel) return null;
  return (
    <div class="booking-actions">
      {failure instanceof Error && !('status' in failure) ? (
        <p class="notice notice-error" role="alert">
          {failure.message}
        </p>
      ) : (
        <ErrorMessage error={failure} />
      )}
      {asking ? (
        <form
          class="decline"
          onSubmit={(event) => {
            event.preventDefault();
            void act(asking, asking === 'decline' ? 'bookings.declinedDone' : 'bookings.cancelledDone');
          }}
        >
          {asking === 'cancel' && <p>{t(booking.status === 'confirmed' ? 'bookings.confirmCancel' : 'bookings.confirmCancelRequest', { what: label })}</p>}
          <div class="field">
            <label for={idOf('reason')}>{t('bookings.reason')}</label>
            <textarea id={idOf('reason')} rows={2} maxLength={2000} value={reason} onInput={(event) => setReason(event.currentTarget.value)} aria-describedby={idOf('reason-hint')} />
            <p class="hint" id={idOf('reason-hint')}>
              {t('bookings.reasonHint')}
            </p>
          </div>
          <div class="actions">
            <button type="submit" class="danger" disabled={busy}>
              {t(asking === 'decline' ? 'bookings.declineSend' : 'bookings.cancelSend')}
            </button>
            <button type="button" disabled={busy} onClick={() => setAsking(null)}>
              {t('bookings.back')}
            </button>
          </div>
        </form>
      ) : (
        <div class="actions">
          {booking.status === 'requested' && (
            <>
              <button type="button" class="primary" disabled={busy} onClick={() => act('confirm', 'bookings.confirmedDone')} aria-label={t('bookings.confirmLabel', { what: label })}>
                {t('bookings.confirm')}
              </button>
              <button
                type="button"
                disabled={busy}
                onClick={() => ask('decline')}
                aria-label={t('bookings.declineLabel', { what: label })}
              >
                {t('bookings.decline')}
              </button>
            </>
          )}
          {canCancel && (
            <button type="button" class="danger" disabled={busy} onClick={() => ask('cancel')} aria-label={t('bookings.cancelLabel', { what: label })}>
              {t('bookings.cancel')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
