import { ButtonLink } from '../../ui/button';
import { ScanIcon, type ScanIconName } from '../../ui/scanner/scan-icons';
import './scan.css';

const STEPS: ReadonlyArray<{ icon: ScanIconName; title: string; text: string }> = [
  {
    icon: 'qr',
    title: 'Знайди код',
    text: 'Квадратний QR або DataMatrix-код — на внутрішньому боці кришки пачки або на блоці. Штрихкод товару на дні пачки не підходить.',
  },
  {
    icon: 'camera',
    title: 'Наведи камеру',
    text: 'Відкрий «Сканування» й тримай код у рамці, на відстані 10–20 см. У темряві увімкни ліхтарик.',
  },
  {
    icon: 'check',
    title: 'Отримай XP',
    text: 'Телефон коротко завібрує, код з’явиться у списку — і XP зарахуються. Одразу наводь камеру на наступну пачку.',
  },
];

const FAQ: ReadonlyArray<[string, string]> = [
  [
    'А якщо немає інтернету?',
    'Сканування працює і без зв’язку: код зберігається на телефоні зі статусом «Очікує надсилання» і зараховується сам, щойно з’явиться інтернет. Навіть якщо перезавантажити застосунок.',
  ],
  [
    'Код не сканується',
    'Протри камеру, додай світла або введи код вручну: кнопка «Ввести код вручну» під сканером. Код має вигляд 8-4-4-4-12 латинських літер і цифр.',
  ],
  [
    'Можна відсканувати код двічі?',
    'Кожен код дає XP лише один раз. Якщо відсканувати його знову, застосунок скаже, що код уже є, і нічого не надішле повторно.',
  ],
  [
    'Чому код відхилено?',
    'Код міг уже використати інший учасник, він міг бути з пачки іншого бренду або зчитатися з помилкою. Причина написана під кодом у списку.',
  ],
  [
    'Що за QR на бейджі консультанта?',
    'Відскануй бейдж консультанта, який тобі допоміг у магазині, — так ми дізнаємося, хто тобі порадив. Зберігається один раз.',
  ],
];

/** /scan/instruction: where the code is, how to scan it, and what happens offline. */
export default function ScanInstructionPage() {
  return (
    <>
      <p className="page-intro">Як знайти код на упаковці й отримати за нього XP.</p>
      <ol className="instruction-steps card">
        {STEPS.map((s) => (
          <li key={s.title} className="instruction-step">
            <span className="icon-tile instruction-step__icon">
              <ScanIcon name={s.icon} size={24} />
            </span>
            <span>
              <h3>{s.title}</h3>
              <p>{s.text}</p>
            </span>
          </li>
        ))}
      </ol>
      <section className="card instruction-code">
        <h2 className="t-h3">Як виглядає код</h2>
        <p className="t-small">Якщо вводиш вручну — 32 латинські літери й цифри, розділені дефісами:</p>
        <code>3f2a9c1e-7b4d-4e21-9a6f-0c8b5d2e1f47</code>
      </section>
      <div className="scan-actions-pair">
        <ButtonLink to="/scanning" block icon={<ScanIcon name="camera" size={18} />}>
          Сканувати
        </ButtonLink>
        <ButtonLink to="/scan/multi" block variant="secondary" icon={<ScanIcon name="photo" size={18} />}>
          Кілька кодів одним фото
        </ButtonLink>
      </div>
      <section className="instruction-faq">
        <h2 className="t-h3">Питання</h2>
        {FAQ.map(([q, a]) => (
          <details key={q}>
            <summary>{q}</summary>
            <p>{a}</p>
          </details>
        ))}
      </section>
    </>
  );
}
