// Texts of the branch list and the courier's fields of /shop/delivery (loaded with them).

export const COURIER_COPY = {
  branchLabel: 'Номер або вулиця відділення',
  branchPlaceholder: 'Наприклад, 12',
  branchesLoading: 'Завантажуємо відділення…',
  branchesOffline: 'Відділення цього міста ще не завантажувались. Вони зʼявляться, щойно буде звʼязок.',
  branchChosen: 'Обране відділення',
  postomat: 'Поштомат',
  ipostTitle: 'Коли привезти',
  day: 'День',
  from: 'З',
  to: 'До',
} as const;
