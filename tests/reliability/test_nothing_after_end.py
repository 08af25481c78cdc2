"""Nothing is emitted after BattleEnded (issue 17.8), in any ruleset.

The d20 defect: a unit whose hobbled leg wears off at the end of its turn wins the
battle during that turn; the turn still ended after "Side 1 wins" and announced
"no longer hobbled (wears off)". The shared invariants
(`game.engine.invariants.battle_errors`) check the rule after every decision; here
the exact case is forced: the actor's leg wound ends with this turn, every enemy is
put out of the fight, and the actor takes one action.
"""

from game.ai import RandomController
from game.engine.components import OutOfFight
from game.engine.events import BattleEnded
from game.engine.invariants import battle_errors, ending_errors
from game.engine.setup import new_battle
from game.rulesets.d20.components import Afflictions, TurnState


def test_d20_a_condition_wearing_off_as_the_battle_is_won_is_not_announced():
    b = new_battle("maps/arena.tmx", "d20", seed=0)
    try:
        actor = b.pending.actor
        b.get(actor, Afflictions).leg_until = b.get(actor, TurnState).turns_ended + 1
        for enemy in b.units():
            if b.team(enemy) != b.team(actor):
                b.add(enemy, OutOfFight("test"))
        action = next(o for o in b.pending.options if o.key != "end_turn")
        target = None if action.target_kind == "none" else action.targets[0]
        b.submit(action.choice(target))
        assert b.over and isinstance(b.log[-1], BattleEnded), [e.describe() for e in b.log[-3:]]
        assert ending_errors(b) == []
        assert b.get(actor, Afflictions).leg_until is None  # it still wore off, silently
    finally:
        b.close()


def test_the_shared_invariant_names_an_event_after_the_end():
    b = new_battle("maps/arena.tmx", "fate", seed=0, max_rounds=2)
    try:
        b.run({t: RandomController(t) for t in b.teams()})
        assert battle_errors(b) == []
        b.log.append(b.log[0])  # an event after BattleEnded, forced into the log
        assert any("after BattleEnded" in e for e in battle_errors(b))
        b.log.pop()
        b.emit(b.log[0])  # what a ruleset would do: kept out of the log, still named
        assert b.log[-1].__class__.__name__ == "BattleEnded"
        assert any("kept out of the log" in e for e in battle_errors(b))
    finally:
        b.close()


def test_actionblock_a_taunt_ending_with_the_winning_turn_is_not_announced():
    """Soak finding (actionblock warehouse random-vs-normal seed 501741): the Turn that
    won the battle ended after BattleEnded and announced the end of its Taunt."""
    from game.rulesets.actionblock.components import Conditions
    b = new_battle("maps/arena.tmx", "actionblock", seed=0)
    try:
        actor = b.pending.actor
        enemies = [u for u in b.units() if b.team(u) != b.team(actor)]
        b.get(actor, Conditions).taunted_by = enemies[0]
        for enemy in enemies:
            b.add(enemy, OutOfFight("test"))
        action = next(o for o in b.pending.options if o.key != "end_turn")
        target = None if action.target_kind == "none" else action.targets[0]
        b.submit(action.choice(target))
        assert b.over and isinstance(b.log[-1], BattleEnded)
        assert ending_errors(b) == []
        assert b.get(actor, Conditions).taunted_by is None
    finally:
        b.close()


def _mahou_won_by(actor_team: int):
    """A mahou battle on the arena, every unit of the other sides out, BattleEnded logged."""
    from game.engine.flow import check_victory
    b = new_battle("maps/arena.tmx", "mahou", seed=0)
    for unit in b.units():
        if b.team(unit) != actor_team:
            b.add(unit, OutOfFight("test"))
    assert check_victory(b) and b.over
    return b


def test_mahou_a_held_turn_that_wins_does_not_announce_its_hold():
    """Soak finding (mahou woodland easy-vs-easy seed 13150): a unit used its held
    actions, won the battle with them, and the held turn then announced "holds its
    remaining actions." after BattleEnded. Forced: the battle is won during a held turn
    with 2 hand actions left; the turn ends with `hold` set, as a held turn does."""
    from game.rulesets.mahou.components import Actions, Pool
    from game.rulesets.mahou.flow import end_turn
    b = _mahou_won_by(1)
    try:
        unit = next(u for u in b.units() if b.team(u) == 1)
        a = b.get(unit, Actions)
        a.turn, a.held, a.in_turn = Pool(primary=1, offhand=1), Pool(), "held"
        logged = len(b.log)
        end_turn(b, unit, "held", True)
        assert b.late_events == [] and len(b.log) == logged
        # The bookkeeping still happened (same final state as before the fix).
        assert (a.held.primary, a.held.offhand, a.turn.total(), a.in_turn) == (1, 1, 0, "")
    finally:
        b.close()


def test_mahou_a_state_wearing_off_after_the_end_is_not_announced():
    """An enraged unit's last penalty of 2 decays by 2 to 0 and the distraction ends:
    in play that is news ("no longer drawn to ..."); after BattleEnded it is silent."""
    from game.rulesets.mahou import talk
    from game.rulesets.mahou.components import Distraction, Distractions
    b = _mahou_won_by(1)
    try:
        unit, foe = (next(u for u in b.units() if b.team(u) == t) for t in (1, 2))
        b.add(unit, Distractions([Distraction(talk.INFURIATE, foe, 2, "enraged")]))
        talk.decay(b, unit)
        assert b.get(unit, Distractions).entries == [] and talk.state(b, unit) is None
        assert b.late_events == []
    finally:
        b.close()


def test_mahou_soak_seed_13150_passes_its_invariants():
    """The soak battle itself (about a second), replayed and verified."""
    from game import soak
    from game.replay import maps_dir
    spec = soak.SoakBattle("mahou", str(maps_dir() / "woodland.tmx"), ("easy", "easy"), 13150, True)
    decisions, failures, _ = soak.play_checked(spec)
    assert failures == [] and decisions > 0
