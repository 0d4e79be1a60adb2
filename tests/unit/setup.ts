import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';

// A screen's actions load on the first tap (a dynamic import, transformed on first use): on a cold,
// busy machine that takes seconds, so findBy*/waitFor wait up to 5 s rather than the library's 1 s.
configure({ asyncUtilTimeout: 5_000 });
