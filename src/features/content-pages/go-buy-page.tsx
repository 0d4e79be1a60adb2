import { useOnline } from '../../state/online';
import { useAppSession } from '../../state/session';
import { Button, ButtonLink } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { ContentView } from './content-view';
import { CONTENT_COPY } from './copy';
import { useLinkAction } from './use-link-action';

const T = CONTENT_COPY.goBuy;

/**
 * /go-buy (where to buy): the page's text (content page goBuy) and the ways to buy: the app's
 * shop, the brand stores, and the brand's website signed in (mlogin-glo on glo, mlogin on ogo:
 * a single-use link made when tapped, online only).
 */
export default function GoBuyPage() {
  const { variant } = useAppSession();
  const online = useOnline();
  const site = useLinkAction((m, env) => m.brandSiteLink(env, '/'));
  return (
    <ContentView pageKey="goBuy" lead={T.lead} testId="screen-go-buy">
      <div className="content-actions">
        <ButtonLink to="/shop" size="l" block icon={<Icon name="shop" size={20} />}>
          {T.shop}
        </ButtonLink>
        <ButtonLink to="/glo-studio" size="l" variant="secondary" block icon={<Icon name="store" size={20} />}>
          {T.stores}
        </ButtonLink>
        <Button
          size="l"
          variant="secondary"
          block
          busy={site.busy}
          disabled={!online}
          icon={<Icon name="globe" size={20} />}
          onClick={site.run}
          data-testid="go-buy-site"
        >
          {T.site(variant === 'ogo' ? 'ogo.ua' : 'glo.ua')}
        </Button>
        {!online && <p className="content-note">{CONTENT_COPY.offlineAction}</p>}
      </div>
    </ContentView>
  );
}
