import { SubscriptionContent } from './content-body';

/** /subscription/faq: questions about the subscription (a content page). */
export default function SubscriptionFaqPage() {
  return <SubscriptionContent page="subscriptionFaq" />;
}
