// The screen of code 35 (Mantenimiento preventivo): the machinery list of type mantenimiento as the spec gives it
// (wear 36, change parts 37) and, beside it, the preventive plans with the fleet's due list. Two features on one
// screen: the shell puts them together, since a feature never imports another.
import { useState } from 'react';
import { LABELS } from '@shared/messages';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import MaquinariasPage from '@client/features/maquinarias/maquinarias-page';
import PlanesPage from '@client/features/planes/planes-page';

const L = LABELS.planes;
const TAB = 'min-h-11';

export default function MantenimientoPage() {
  const [tab, setTab] = useState('maquinarias');
  return (
    <Tabs value={tab} onValueChange={setTab} className="flex flex-col">
      <TabsList className="mx-auto w-full max-w-[100rem] px-3 pt-3 md:px-5">
        <TabsTrigger value="maquinarias" className={TAB}>
          {L.tabMachines}
        </TabsTrigger>
        <TabsTrigger value="planes" className={TAB}>
          {L.tabPlans}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="maquinarias">
        <MaquinariasPage />
      </TabsContent>
      <TabsContent value="planes">
        <PlanesPage />
      </TabsContent>
    </Tabs>
  );
}
