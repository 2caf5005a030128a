import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import frFR from 'antd-mobile/es/locales/fr-FR';
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

export const ANTD_LOCALES: Record<Language, typeof enUS> = { pt: ptAO as typeof enUS, en: enUS, zh: zhCN, fr: frFR };
