<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="iso_terrain" tilewidth="64" tileheight="64" tilecount="32" columns="8">
 <image source="iso_tileset.png" width="512" height="256"/>
 <tile id="0" type="floor">
  <properties>
   <property name="label" value="floor"/>
  </properties>
 </tile>
 <tile id="1" type="grass">
  <properties>
   <property name="label" value="grass"/>
  </properties>
 </tile>
 <tile id="2" type="tall_grass">
  <properties>
   <property name="label" value="tall_grass"/>
   <property name="cover" value="concealment"/>
  </properties>
 </tile>
 <tile id="3" type="bush">
  <properties>
   <property name="label" value="bush"/>
   <property name="cover" value="concealment"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="4" type="wall">
  <properties>
   <property name="label" value="wall"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="5" type="crate">
  <properties>
   <property name="label" value="crate"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="light"/>
  </properties>
 </tile>
 <tile id="6" type="low_wall">
  <properties>
   <property name="label" value="low_wall"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="light"/>
  </properties>
 </tile>
 <tile id="7" type="sandbags">
  <properties>
   <property name="label" value="sandbags"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="heavy"/>
  </properties>
 </tile>
 <tile id="8" type="barrier">
  <properties>
   <property name="label" value="barrier"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="heavy"/>
  </properties>
 </tile>
 <tile id="9" type="door">
  <properties>
   <property name="label" value="door"/>
   <property name="cover" value="concealment"/>
  </properties>
 </tile>
 <tile id="10" type="boxes">
  <properties>
   <property name="label" value="boxes"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="concealment"/>
  </properties>
 </tile>
 <tile id="11" type="water">
  <properties>
   <property name="label" value="water"/>
   <property name="walkable" type="bool" value="false"/>
  </properties>
 </tile>
 <tile id="12" type="rough">
  <properties>
   <property name="label" value="rough"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="13" type="platform1">
  <properties>
   <property name="label" value="platform1"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="14" type="platform2">
  <properties>
   <property name="label" value="platform2"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="15" type="hill1">
  <properties>
   <property name="label" value="hill1"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="16" type="hill2">
  <properties>
   <property name="label" value="hill2"/>
   <property name="elevation" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="17" type="stairs">
  <properties>
   <property name="label" value="stairs"/>
   <property name="elevation" type="int" value="1"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="18" type="ramp">
  <properties>
   <property name="label" value="ramp"/>
   <property name="elevation" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="19" type="tree">
  <properties>
   <property name="label" value="tree"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="heavy"/>
  </properties>
 </tile>
 <tile id="20" type="dirt">
  <properties>
   <property name="label" value="dirt"/>
  </properties>
 </tile>
 <tile id="21" type="dark_floor">
  <properties>
   <property name="label" value="dark_floor"/>
  </properties>
 </tile>
 <tile id="22" type="rock">
  <properties>
   <property name="label" value="rock"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="heavy"/>
  </properties>
 </tile>
 <tile id="23" type="window">
  <properties>
   <property name="label" value="window"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="cover" value="light"/>
  </properties>
 </tile>
 <tile id="24" type="sand">
  <properties>
   <property name="label" value="sand"/>
  </properties>
 </tile>
 <tile id="25" type="pillar">
  <properties>
   <property name="label" value="pillar"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="26" type="cliff">
  <properties>
   <property name="label" value="cliff"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="true"/>
  </properties>
 </tile>
 <tile id="27" type="hedge">
  <properties>
   <property name="label" value="hedge"/>
   <property name="walkable" type="bool" value="false"/>
   <property name="blocks_sight" type="bool" value="true"/>
   <property name="cover" value="concealment"/>
  </properties>
 </tile>
 <tile id="28" type="ford">
  <properties>
   <property name="label" value="ford"/>
   <property name="move_cost" type="int" value="3"/>
  </properties>
 </tile>
 <tile id="29" type="bridge">
  <properties>
   <property name="label" value="bridge"/>
  </properties>
 </tile>
 <tile id="30" type="brambles">
  <properties>
   <property name="label" value="brambles"/>
   <property name="move_cost" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="31" type="arena_line">
  <properties>
   <property name="label" value="arena_line"/>
  </properties>
 </tile>
</tileset>
