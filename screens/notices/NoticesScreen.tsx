import { useMemo } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { noticesFlow } from '../../src/flows/notices.ts';
import { FlowPage } from '../common/FlowPage.tsx';
import { NoticesView } from './NoticesView.tsx';
import { noticeTarget } from './noticeTarget.ts';
import '../common/wallet.css';
import './notices.css';

const PullingView: typeof NoticesView = (props) => <NoticesView {...props} pull />;

/** `/app/notices`: the inbox; a notice opens its own screen once it is marked read. */
export default function NoticesScreen() {
  const navigate = useNavigate();
  const flow = useMemo(() => noticesFlow.provide({
    actions: { showNotice: ({ context }) => { if (context.chosen) void navigate({ href: noticeTarget(context.chosen) }); } },
  }), [navigate]);
  return <FlowPage flow={flow} title="titles.notices" view={PullingView} />;
}
