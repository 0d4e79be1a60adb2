import type { ProfileAddress } from '../../../src/db/kv';
import { PROFILE_COPY } from '../../../src/features/profile/copy';
import { memberAccounts, verifyAge } from '../../../src/sync/auth/member';
import { saveDeliveryAddress } from '../../../src/sync/mutations/member/profile-metafield';
import type { Phone } from '../phone';
import type { Told } from '../told';

/** /profile: the delivery address and the age check. */
export class ProfileActions {
  constructor(private readonly p: Phone) {}

  /** The delivery address form: kept on the phone and queued for every record of the member. */
  saveAddress(address: ProfileAddress = { method: 1, city: 'Львів', branch: 'Відділення №3' }): Promise<Told> {
    return this.p.act(async (tab) => {
      await saveDeliveryAddress(tab.db, await memberAccounts({ db: tab.db }), address, this.p.clock.now());
      return { says: tab.rt.online.isOnline() ? PROFILE_COPY.saved : PROFILE_COPY.pending };
    });
  }

  /** /verification: the age check by a document (online only); the birth date goes to the profile, queued. */
  verifyAge(birthDate = '1990-02-14'): Promise<Told> {
    return this.p.act(
      async (tab) => (
        await verifyAge(tab.env, { method: 'document', birthDate, documentNumber: 'КВ123456' }),
        { at: 'sent' }
      ),
    );
  }
}
