import { useTranslation } from 'react-i18next';
import type { BallotNoticeDto } from '../../../../../common/api/proposals.js';
import { errorMessage } from '../../../shared/api/error-message.js';
import { Alert } from '../../../shared/ui/Alert.js';
import { useDismissNotices } from '../api/notices.js';

/**
 * What administrators changed in my ballot since I last dismissed it (issue 34): a proposal of mine
 * turned down, with the reason in my language and their note, or merged into another proposition.
 */
export function BallotNotices({
  topicId,
  userId,
  notices,
}: {
  topicId: number;
  userId: number;
  notices: readonly BallotNoticeDto[];
}) {
  const { t } = useTranslation();
  const dismiss = useDismissNotices(topicId, userId);
  if (notices.length === 0) return null;
  return (
    <div className="vote-notices">
      {/* One message for all of them: dismissing it dismisses every notice of the topic. */}
      <Alert tone="info" onDismiss={() => dismiss.mutate()}>
        {notices.map((notice) => (
          <NoticeText key={notice.id} notice={notice} />
        ))}
      </Alert>
      {dismiss.isError && (
        <Alert tone="error">{errorMessage(t, dismiss.error, 'vote.notice.dismissFailed')}</Alert>
      )}
    </div>
  );
}

function NoticeText({ notice }: { notice: BallotNoticeDto }) {
  const { t } = useTranslation();
  const name = notice.propositionName;
  if (notice.kind === 'merged') {
    return (
      <p className="vote-notices__text">
        {notice.intoName === null
          ? t('vote.notice.mergedElsewhere', { name })
          : t('vote.notice.merged', { name, into: notice.intoName })}
      </p>
    );
  }
  return (
    <>
      <p className="vote-notices__text">
        {notice.reason === null
          ? t('vote.notice.rejectedNoReason', { name })
          : t('vote.notice.rejected', { name, reason: t(`proposals.reason.${notice.reason}.text`) })}
      </p>
      {notice.note && <p className="vote-notices__note">{t('vote.notice.note', { note: notice.note })}</p>}
    </>
  );
}
