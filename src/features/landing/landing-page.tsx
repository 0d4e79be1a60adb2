import { ButtonLink } from '../../ui/button';
import { Icon, type IconName } from '../../ui/icons';
import { Wordmark } from '../../ui/surfaces';
import '../../ui/hero.css';
import './landing-page.css';

/** The words of the ogo landing, in one place. */
const T = {
  kicker: 'Клуб для повнолітніх',
  title: 'Більше від кожної покупки',
  lead: 'Приєднуйся до клубу ogo: XP за покупки та сканування, подарунки від партнерів і новинки раніше за всіх.',
  join: 'Приєднатися до клубу',
  signIn: 'Я вже в клубі — увійти',
  benefitsTitle: 'Що дає клуб',
  stepsTitle: 'Як приєднатися',
  note: '18+ Продукція містить нікотин, який викликає залежність. Лише для повнолітніх споживачів.',
  why: 'Чому ogo — детальніше',
} as const;

const BENEFITS: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'spark',
    title: 'XP за кожну покупку',
    text: 'Бали нараховуються за замовлення в застосунку та покупки в магазинах.',
  },
  {
    icon: 'scan',
    title: 'Скануй коди з упаковок',
    text: 'Кожен код — це ще XP, навіть без інтернету: надішлемо пізніше.',
  },
  { icon: 'heart', title: 'Подарунки та сертифікати', text: 'Обмінюй XP на товари й сертифікати партнерів.' },
  { icon: 'cart', title: 'Доставка по Україні', text: 'У відділення, кур’єром до дверей або в день замовлення.' },
];

const STEPS = ['Зареєструйся за номером телефону', 'Підтверди, що тобі є 18', 'Отримуй XP і обмінюй їх на подарунки'];

/** /landing (guard to-ogo-landing): the ogo club invites newcomers to join. */
export default function LandingPage() {
  return (
    <div className="landing" data-testid="screen-landing">
      <section className="hero landing-hero">
        <Wordmark brand="ogo" size={56} />
        <p className="landing-hero__kicker">{T.kicker}</p>
        <h2 className="landing-hero__title">{T.title}</h2>
        <p className="landing-hero__lead">{T.lead}</p>
        <div className="landing-hero__actions">
          <ButtonLink to="/registration" size="l" block data-testid="landing-join">
            {T.join}
          </ButtonLink>
          <ButtonLink to="/auth" size="l" block variant="secondary">
            {T.signIn}
          </ButtonLink>
        </div>
      </section>

      <section className="stack" aria-labelledby="landing-benefits">
        <h2 id="landing-benefits" className="t-h2">
          {T.benefitsTitle}
        </h2>
        <div className="landing-benefits">
          {BENEFITS.map((b) => (
            <div key={b.title} className="card-stack card-stack--tight landing-benefit">
              <span className="landing-benefit__icon">
                <Icon name={b.icon} size={22} />
              </span>
              <strong>{b.title}</strong>
              <span>{b.text}</span>
            </div>
          ))}
        </div>
      </section>

      <section className="stack" aria-labelledby="landing-steps">
        <h2 id="landing-steps" className="t-h2">
          {T.stepsTitle}
        </h2>
        <ol className="plain-list landing-steps">
          {STEPS.map((s, i) => (
            <li key={s} className="card-row">
              <span className="landing-steps__n">{i + 1}</span>
              {s}
            </li>
          ))}
        </ol>
      </section>

      <ButtonLink to="/why-ogo" size="l" block variant="secondary" data-testid="landing-why-ogo">
        {T.why}
      </ButtonLink>
      <ButtonLink to="/registration" size="l" block>
        {T.join}
      </ButtonLink>
      <p className="landing__note">{T.note}</p>
    </div>
  );
}
