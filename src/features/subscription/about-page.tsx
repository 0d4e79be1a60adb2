import { SubscriptionContent } from './content-body';

/** /subscription/about: how the subscription works (a content page). */
export default function SubscriptionAboutPage() {
  return <SubscriptionContent page="subscriptionAbout" />;
}
