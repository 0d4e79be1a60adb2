import { ButtonLink } from '../../ui/button';
import { ListRow } from '../../ui/surfaces';
import { ContentView } from './content-view';
import { CONTENT_COPY } from './copy';

const T = CONTENT_COPY.inviteOffer;

/** /invite-friend/offer (docs/rules.md#screens "invite-friend offer"): the offer and its terms, and the way into the programme. */
export default function InviteOfferPage() {
  return (
    <ContentView pageKey="inviteOffer" lead={T.lead} testId="screen-invite-offer">
      <div className="content-actions">
        <ButtonLink to="/invite-friend" size="l" block>
          {T.go}
        </ButtonLink>
        <div className="list-group">
          <ListRow icon="spark" title={T.calculator} to="/invite-friend/calculator" />
          <ListRow icon="help" title={T.faq} to="/invite-friend/faq" />
        </div>
      </div>
    </ContentView>
  );
}
