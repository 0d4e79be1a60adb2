import { useKv } from '../../db/hooks';
import { VELO_PROMO_DEFAULT, VELO_USED_TAG } from '../../domain/cart/velo-promo';
import { useAppSession } from '../../state/session';
import { Button, ButtonLink } from '../../ui/button';
import { toasts } from '../../ui/toast-store';
import { ContentView } from './content-view';
import { CONTENT_COPY } from './copy';
import { useVeloFlags } from './use-oral-status';
import { VeloLocked } from './velo-locked';

const T = CONTENT_COPY.promo;

/**
 * /promo (docs/rules.md#screens "promo"; docs/rules.md#validation, docs/rules.md#constants: VELO-20%, 20% off velo in the ogo shop, once): the promo's
 * terms, and the code itself for a member who may see velo products (oral status) and is on ogo.
 */
export default function PromoPage() {
  const { variant } = useAppSession();
  const records = useKv('memberRecords');
  const { oral } = useVeloFlags();
  const used = records?.ogo?.tags.includes(VELO_USED_TAG) ?? false;

  let action;
  if (oral === false) {
    action = <VeloLocked title={T.locked} verify={T.verify} />;
  } else if (oral) {
    action = (
      <>
        <section className="code-panel promo-code" data-testid="promo-code">
          <span className="t-caption">{T.caption}</span>
          <strong>{VELO_PROMO_DEFAULT}</strong>
          {!used && (
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(VELO_PROMO_DEFAULT)
                  .then(() => toasts.show(T.copied, { kind: 'success' }))
              }
            >
              {T.copy}
            </Button>
          )}
          {used && <span className="promo-code__note">{T.usedNote}</span>}
        </section>
        {variant === 'ogo' ? (
          <ButtonLink to="/shop/ogo-velo" size="l" block>
            {T.shop}
          </ButtonLink>
        ) : (
          <p className="content-note">{T.switchFirst}</p>
        )}
      </>
    );
  }
  return (
    <ContentView
      pageKey="veloPromo"
      lead={T.lead}
      testId="screen-promo"
      before={<div className="content-actions">{action}</div>}
    />
  );
}
