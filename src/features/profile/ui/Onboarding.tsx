import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useOnboardingMachine } from './ProfileActors';
import { AiSummaryPanel } from './AiSummaryPanel';
import { CommunitiesFieldset } from './CommunitiesFieldset';
import { ConnectServices } from './ConnectServices';
import { InterestCards, ProfileInfoCard, SaveErrorAlert, useProfileEditor } from './ProfileFields';
import { Screen } from '../../../shared/ui/ScreenShell';
import { inspectOptions } from '../../../shared/ui/inspect';
import logo from '../../../shared/ui/logo.svg';
import { SessionContext } from '../../session/components';

// Three short groups with a jump list, so a phone shows where it is instead of one long column.
const SECTIONS = [
  { id: 'onboarding-about', title: 'About you' },
  { id: 'onboarding-accounts', title: 'Your accounts' },
  { id: 'onboarding-interests', title: 'Your interests' },
] as const;

function OnboardingSection({ index, children }: { index: 0 | 1 | 2; children: ReactNode }) {
  const { id, title } = SECTIONS[index];
  return (
    <section className="onboarding-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="onboarding-step">
        <span className="onboarding-step-number">Step {index + 1} of 3</span> {title}
      </h2>
      <div className="profile-sections">{children}</div>
    </section>
  );
}

/** /connections: the profile-building screen that sign-up and log-in lead to (docs/product.md section 2). */
export default function Onboarding() {
  const navigate = useNavigate();
  // A member starts from the account's name; a guest's sign-up name is already in the stored profile.
  const memberName = SessionContext.useSelector((s) => (s.matches('member') ? (s.context.member?.username ?? '') : ''));
  const editor = useProfileEditor();
  // The session answers after the first render; the editor takes the name only into a blank field, once.
  useEffect(() => {
    if (memberName) editor.send({ type: 'USERNAME_OFFERED', value: memberName });
  }, [editor, memberName]);
  const onboardingMachine = useOnboardingMachine();
  const finish = useActorRef(
    onboardingMachine.provide({ actions: { goToDashboard: () => void navigate('/dashboard') } }),
    inspectOptions(),
  );
  const leaving = useSelector(finish, (s) => !s.matches('editing'));
  return (
    <Screen leaving={leaving} className="profile-screen onboarding-screen">
      <main className="onboarding-main" aria-busy={leaving}>
        <header className="onboarding-heading">
          <img src={logo} alt="" width={48} height={48} />
          <h1>Build Your Profile</h1>
          <p className="muted">Set up your profile and connect your accounts</p>
        </header>
        <nav className="onboarding-steps" aria-label="Profile steps">
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <SaveErrorAlert editor={editor} />
        <OnboardingSection index={0}>
          <ProfileInfoCard editor={editor} />
          {/* A member's communities, the same choice /profile offers: without one nobody finds them by community. */}
          <CommunitiesFieldset />
          <AiSummaryPanel />
        </OnboardingSection>
        <OnboardingSection index={1}>
          <ConnectServices origin="/connections" />
        </OnboardingSection>
        <OnboardingSection index={2}>
          <InterestCards editor={editor} />
        </OnboardingSection>
        <div className="onboarding-actions">
          <button type="button" className="btn btn-primary btn-block" disabled={leaving} onClick={() => finish.send({ type: 'FINISH' })}>
            Start Exploring
          </button>
          <button type="button" className="btn btn-outline btn-block" disabled={leaving} onClick={() => finish.send({ type: 'FINISH' })}>
            Skip for now
          </button>
        </div>
      </main>
    </Screen>
  );
}
