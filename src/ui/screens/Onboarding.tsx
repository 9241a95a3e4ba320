import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { onboardingMachine } from '../../machines/onboarding.machine';
import { ConnectServices } from '../components/ConnectServices';
import { InterestCards, ProfileInfoCard, SaveErrorAlert, useProfileEditor } from '../components/ProfileFields';
import { Screen } from '../components/ScreenShell';
import { inspectOptions } from '../inspect';
import logo from '../logo.svg';

/** /connections: the profile-building screen that sign-up and log-in lead to (docs/product.md section 2). */
export default function Onboarding() {
  const navigate = useNavigate();
  const editor = useProfileEditor();
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
        <SaveErrorAlert editor={editor} />
        <div className="profile-sections">
          <ProfileInfoCard editor={editor} />
          <ConnectServices origin="/connections" />
          <InterestCards editor={editor} />
        </div>
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
