import { fireEvent, render, screen } from '@testing-library/react';
import { stopAnimationTicks } from '@/app/animationTicks';

describe('animation ticks (the skeletons’ pulse)', () => {
  it('the end of an animation iteration never reaches React; the other animation events do', () => {
    // As the entry does, for this file's window.
    stopAnimationTicks();
    const onIteration = jest.fn();
    const onEnd = jest.fn();
    render(<div role="status" onAnimationIteration={onIteration} onAnimationEnd={onEnd} />);

    const pulsing = screen.getByRole('status');
    fireEvent.animationIteration(pulsing);
    fireEvent.animationEnd(pulsing);
    expect(onIteration).not.toHaveBeenCalled();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });
});
