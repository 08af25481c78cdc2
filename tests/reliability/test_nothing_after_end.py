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
