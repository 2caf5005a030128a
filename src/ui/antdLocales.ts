import type enUS from 'antd-mobile/es/locales/en-US';
import ptBR from 'antd-mobile/es/locales/pt-BR';
import { mergeLocale } from 'antd-mobile/es/utils/merge-locale';
import type { Language } from '../lib/language.ts';

/**
 * antd-mobile ships Brazilian Portuguese only; these are the strings where pt-AO says it otherwise
 * ("A carregar" not "Carregando", "Ocorreu um erro" not "Oops, algo deu errado").
 */
const ptAO = mergeLocale(ptBR, {
  locale: 'pt-AO',
  common: { confirm: 'Confirmar', cancel: 'Cancelar', loading: 'A carregar', close: 'Fechar' },
  Cascader: { placeholder: 'A selecionar' },
  DatePicker: { tillNow: 'Até agora' },
  ErrorBlock: {
    default: { title: 'Ocorreu um erro', description: 'Aguarde um minuto e tente novamente' },
    busy: { title: 'A página não carregou', description: 'Tente atualizar a página' },
    disconnected: { title: 'A rede está ocupada', description: 'Tente atualizar a página' },
    empty: { title: 'Não encontrámos nada', description: 'Quer tentar outra pesquisa?' },
  },
  Form: { required: 'Obrigatório', optional: 'Opcional' },
  ImageUploader: { uploading: 'A enviar…', upload: 'Enviar' },
  InfiniteScroll: { noMore: 'Não há mais', failedToLoad: 'Falha ao carregar', retry: 'Tentar novamente' },
  Input: { clear: 'limpar' },
  Mask: { name: 'Máscara' },
  NumberKeyboard: { backspace: 'Apagar' },
  PasscodeInput: { name: 'Código de acesso' },
  PullToRefresh: { pulling: 'Puxe para atualizar', canRelease: 'Solte para atualizar', complete: 'Atualizado' },
  SearchBar: { name: 'Barra de pesquisa' },
  Slider: { name: 'Controlo deslizante' },
  Stepper: { decrease: 'diminuir', increase: 'aumentar' },
  Switch: { name: 'Interruptor' },
  Selector: { name: 'Seletor' },
});

type AntdLocale = typeof enUS;

/** pt's strings are in the first bundle; the other languages' come with their dictionary (src/i18n.ts loadLanguage). */
const loaded = new Map<Language, AntdLocale>([['pt', ptAO as AntdLocale]]);
const LOADERS: Record<Exclude<Language, 'pt'>, () => Promise<{ default: AntdLocale }>> = {
  en: () => import('antd-mobile/es/locales/en-US'),
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
};

export async function loadAntdLocale(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, (await LOADERS[language as Exclude<Language, 'pt'>]()).default);
}

/** antd-mobile's strings for a language once loaded; pt's until then. */
export const antdLocaleOf = (language: Language): AntdLocale => loaded.get(language) ?? (ptAO as AntdLocale);
